CREATE TABLE "game_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_files_kind_check" CHECK ("game_files"."kind" in ('image', 'sound'))
);
--> statement-breakpoint
CREATE TABLE "game_plays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_plays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"version" integer NOT NULL,
	"level_key" uuid NOT NULL,
	"character_asset_id" integer,
	"items" integer NOT NULL,
	"right" integer NOT NULL,
	"tries" integer NOT NULL,
	"time_ms" integer NOT NULL,
	"stars" integer NOT NULL,
	"key" uuid NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_plays_numbers_check" CHECK ("game_plays"."right" >= 0 and "game_plays"."right" <= "game_plays"."items" and "game_plays"."tries" >= "game_plays"."items" and "game_plays"."time_ms" >= 0 and "game_plays"."stars" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "game_theme_assets" (
	"theme_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "game_theme_assets_theme_id_asset_id_pk" PRIMARY KEY("theme_id","asset_id"),
	CONSTRAINT "game_theme_assets_role_check" CHECK ("game_theme_assets"."role" in ('background', 'prop', 'character'))
);
--> statement-breakpoint
CREATE TABLE "game_themes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_themes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"writer_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"category_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_status_check" CHECK ("games"."status" in ('draft', 'moderation', 'published')),
	CONSTRAINT "games_language_check" CHECK ("games"."language" in ('uk', 'ru', 'en', 'pl'))
);
--> statement-breakpoint
ALTER TABLE "game_assignments" ADD CONSTRAINT "game_assignments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_assignments" ADD CONSTRAINT "game_assignments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_assignments" ADD CONSTRAINT "game_assignments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_assignments" ADD CONSTRAINT "game_assignments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_files" ADD CONSTRAINT "game_files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_files" ADD CONSTRAINT "game_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_assignment_id_game_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."game_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_character_asset_id_assets_id_fk" FOREIGN KEY ("character_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_theme_assets" ADD CONSTRAINT "game_theme_assets_theme_id_game_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."game_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_theme_assets" ADD CONSTRAINT "game_theme_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_themes" ADD CONSTRAINT "game_themes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_versions" ADD CONSTRAINT "game_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_versions" ADD CONSTRAINT "game_versions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_versions" ADD CONSTRAINT "game_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_theme_id_game_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."game_themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_assignments_live_unique" ON "game_assignments" USING btree ("client_id","game_id") WHERE "game_assignments"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "game_assignments_client_idx" ON "game_assignments" USING btree ("workspace_id","client_id");--> statement-breakpoint
CREATE INDEX "game_assignments_game_idx" ON "game_assignments" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "game_files_workspace_idx" ON "game_files" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_files_stored_name_key" ON "game_files" USING btree ("stored_name");--> statement-breakpoint
CREATE UNIQUE INDEX "game_plays_key_unique" ON "game_plays" USING btree ("key");--> statement-breakpoint
CREATE INDEX "game_plays_client_game_idx" ON "game_plays" USING btree ("client_id","game_id","played_at");--> statement-breakpoint
CREATE INDEX "game_theme_assets_asset_idx" ON "game_theme_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "game_themes_workspace_idx" ON "game_themes" USING btree ("workspace_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "game_versions_unique" ON "game_versions" USING btree ("game_id","version");--> statement-breakpoint
CREATE INDEX "games_workspace_idx" ON "games" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "games_theme_idx" ON "games" USING btree ("theme_id");