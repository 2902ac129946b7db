CREATE TABLE "workspace_api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workspace_api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workspace_api_tokens" ADD CONSTRAINT "workspace_api_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_api_tokens" ADD CONSTRAINT "workspace_api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_api_tokens_hash_unique" ON "workspace_api_tokens" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_api_tokens_active_unique" ON "workspace_api_tokens" USING btree ("workspace_id") WHERE "workspace_api_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "workspace_api_tokens_workspace_idx" ON "workspace_api_tokens" USING btree ("workspace_id","created_at");