CREATE TABLE "client_themes" (
	"client_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "client_themes_client_id_theme_id_pk" PRIMARY KEY("client_id","theme_id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "language" text DEFAULT 'uk' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "parent_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "parent_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "remote_id" text;--> statement-breakpoint
ALTER TABLE "protocols" ADD COLUMN "kept_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_themes" ADD CONSTRAINT "client_themes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_themes" ADD CONSTRAINT "client_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_themes_theme_idx" ON "client_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_workspace_remote_id_unique" ON "clients" USING btree ("workspace_id","remote_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_language_check" CHECK ("clients"."language" in ('uk', 'ru', 'en', 'pl'));