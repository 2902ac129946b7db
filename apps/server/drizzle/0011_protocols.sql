CREATE TABLE "protocol_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protocol_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"protocol_id" integer NOT NULL,
	"key" uuid NOT NULL,
	"folder_id" integer,
	"min_presentations" smallint NOT NULL,
	"max_presentations" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protocols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"deadline" date NOT NULL,
	"lessons" smallint DEFAULT 10 NOT NULL,
	"public_token" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protocol_blocks" ADD CONSTRAINT "protocol_blocks_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_blocks" ADD CONSTRAINT "protocol_blocks_folder_id_categories_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocols" ADD CONSTRAINT "protocols_template_id_protocol_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."protocol_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_blocks_key_unique" ON "protocol_blocks" USING btree ("protocol_id","key");--> statement-breakpoint
CREATE INDEX "protocol_blocks_folder_idx" ON "protocol_blocks" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "protocols_workspace_teacher_idx" ON "protocols" USING btree ("workspace_id","teacher_id","deadline");--> statement-breakpoint
CREATE INDEX "protocols_client_idx" ON "protocols" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "protocols_template_idx" ON "protocols" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protocols_public_token_unique" ON "protocols" USING btree ("public_token");