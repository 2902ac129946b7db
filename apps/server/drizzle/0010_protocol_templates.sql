CREATE TABLE "protocol_template_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protocol_template_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"key" uuid NOT NULL,
	"target" text NOT NULL,
	"category_id" integer NOT NULL,
	"description_parents" text NOT NULL,
	"description_educator" text NOT NULL,
	"min_presentations" smallint NOT NULL,
	"max_presentations" smallint NOT NULL,
	CONSTRAINT "protocol_template_blocks_bounds_check" CHECK ("protocol_template_blocks"."min_presentations" >= 1 and "protocol_template_blocks"."min_presentations" <= "protocol_template_blocks"."max_presentations")
);
--> statement-breakpoint
CREATE TABLE "protocol_template_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protocol_template_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"block_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"description_parents" text NOT NULL,
	"indications_educator" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_template_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protocol_template_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protocol_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"writer_id" integer NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protocol_templates_status_check" CHECK ("protocol_templates"."status" in ('draft', 'moderation', 'published'))
);
--> statement-breakpoint
ALTER TABLE "protocol_template_blocks" ADD CONSTRAINT "protocol_template_blocks_template_id_protocol_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."protocol_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_template_blocks" ADD CONSTRAINT "protocol_template_blocks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_template_folders" ADD CONSTRAINT "protocol_template_folders_block_id_protocol_template_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."protocol_template_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_template_folders" ADD CONSTRAINT "protocol_template_folders_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_template_versions" ADD CONSTRAINT "protocol_template_versions_template_id_protocol_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."protocol_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_template_versions" ADD CONSTRAINT "protocol_template_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_templates" ADD CONSTRAINT "protocol_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_templates" ADD CONSTRAINT "protocol_templates_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_template_blocks_position_unique" ON "protocol_template_blocks" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_template_blocks_key_unique" ON "protocol_template_blocks" USING btree ("template_id","key");--> statement-breakpoint
CREATE INDEX "protocol_template_blocks_category_idx" ON "protocol_template_blocks" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_template_folders_position_unique" ON "protocol_template_folders" USING btree ("block_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_template_folders_category_unique" ON "protocol_template_folders" USING btree ("block_id","category_id");--> statement-breakpoint
CREATE INDEX "protocol_template_folders_category_idx" ON "protocol_template_folders" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_template_versions_unique" ON "protocol_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE INDEX "protocol_templates_workspace_idx" ON "protocol_templates" USING btree ("workspace_id","id");