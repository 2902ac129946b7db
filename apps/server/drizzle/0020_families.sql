CREATE TABLE "family_dashboards" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_to" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_contacts" (
	"workspace_id" integer PRIMARY KEY NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_dashboards" ADD CONSTRAINT "family_dashboards_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_dashboards" ADD CONSTRAINT "family_dashboards_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_contacts" ADD CONSTRAINT "school_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;