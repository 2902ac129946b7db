CREATE TABLE "call_agents" (
	"workspace_id" integer PRIMARY KEY NOT NULL,
	"url" text,
	"token" text,
	"timeout_seconds" smallint NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_agents_timeout_check" CHECK ("call_agents"."timeout_seconds" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "call_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"source" text NOT NULL,
	"client_id" integer,
	"phone" text NOT NULL,
	"window" text NOT NULL,
	"time_zone" text NOT NULL,
	"child_name" text,
	"language" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"attempt_started_at" timestamp with time zone,
	"reason" text,
	"detail" text,
	"agent_call_id" text,
	"ip" text,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_requests_status_check" CHECK ("call_requests"."status" in ('waiting', 'requested', 'started', 'failed', 'done'))
);
--> statement-breakpoint
CREATE TABLE "merch_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merch_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sizes" text[] DEFAULT '{}' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"photo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merch_offers_kind_check" CHECK ("merch_offers"."kind" in ('tshirt', 'hoodie', 'sweatshirt', 'mug')),
	CONSTRAINT "merch_offers_price_check" CHECK ("merch_offers"."price_cents" > 0),
	CONSTRAINT "merch_offers_currency_check" CHECK ("merch_offers"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "merch_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merch_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"client_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"size" text,
	"quantity" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merch_orders_quantity_check" CHECK ("merch_orders"."quantity" between 1 and 20),
	CONSTRAINT "merch_orders_status_check" CHECK ("merch_orders"."status" in ('new', 'in_progress', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "call_agents" ADD CONSTRAINT "call_agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_agents" ADD CONSTRAINT "call_agents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_requests" ADD CONSTRAINT "call_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_requests" ADD CONSTRAINT "call_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_requests" ADD CONSTRAINT "call_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_offers" ADD CONSTRAINT "merch_offers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_offer_id_merch_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."merch_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merch_orders" ADD CONSTRAINT "merch_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_requests_open_phone_key" ON "call_requests" USING btree ("workspace_id","phone") WHERE "call_requests"."status" in ('waiting', 'requested', 'started', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "call_requests_idempotency_key" ON "call_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "call_requests_workspace_status_idx" ON "call_requests" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "call_requests_due_idx" ON "call_requests" USING btree ("next_attempt_at") WHERE "call_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "merch_offers_workspace_idx" ON "merch_offers" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "merch_orders_workspace_status_idx" ON "merch_orders" USING btree ("workspace_id","status","created_at");