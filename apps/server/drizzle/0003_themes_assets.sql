CREATE TABLE "asset_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asset_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_files_kind_check" CHECK ("asset_files"."kind" in ('image', 'sound'))
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_type_check" CHECK ("assets"."type" in ('background', 'character', 'prop', 'sound', 'game_background', 'game_prop'))
);
--> statement-breakpoint
CREATE TABLE "theme_assets" (
	"theme_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	CONSTRAINT "theme_assets_theme_id_asset_id_pk" PRIMARY KEY("theme_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "theme_shares" (
	"theme_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	CONSTRAINT "theme_shares_theme_id_workspace_id_pk" PRIMARY KEY("theme_id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"name" text NOT NULL,
	"for_boy" boolean NOT NULL,
	"for_girl" boolean NOT NULL,
	"age_from" smallint NOT NULL,
	"age_to" smallint NOT NULL,
	"type" text NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "themes_gender_check" CHECK ("themes"."for_boy" or "themes"."for_girl"),
	CONSTRAINT "themes_age_check" CHECK (0 <= "themes"."age_from" and "themes"."age_from" <= "themes"."age_to"),
	CONSTRAINT "themes_type_check" CHECK ("themes"."type" in ('general', 'custom'))
);
--> statement-breakpoint
ALTER TABLE "asset_files" ADD CONSTRAINT "asset_files_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_assets" ADD CONSTRAINT "theme_assets_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_assets" ADD CONSTRAINT "theme_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_shares" ADD CONSTRAINT "theme_shares_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_shares" ADD CONSTRAINT "theme_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_files_asset_idx" ON "asset_files" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_files_stored_name_key" ON "asset_files" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "assets_type_idx" ON "assets" USING btree ("type");--> statement-breakpoint
CREATE INDEX "theme_assets_asset_idx" ON "theme_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "theme_shares_workspace_idx" ON "theme_shares" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_workspace_name_unique" ON "themes" USING btree ("workspace_id",lower("name"));