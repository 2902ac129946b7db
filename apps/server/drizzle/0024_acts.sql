CREATE TABLE "act_counters" (
	"workspace_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "act_counters_workspace_id_year_pk" PRIMARY KEY("workspace_id","year")
);
--> statement-breakpoint
CREATE TABLE "act_exclusions" (
	"workspace_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"excluded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "act_exclusions_workspace_id_exercise_id_pk" PRIMARY KEY("workspace_id","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "act_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "act_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"act_id" integer NOT NULL,
	"exercise_id" integer,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"accepted_at" text NOT NULL,
	"content_link" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "act_items_type_check" CHECK ("act_items"."type" in ('presentation', 'video'))
);
--> statement-breakpoint
CREATE TABLE "act_rates" (
	"workspace_id" integer NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "act_rates_workspace_id_type_currency_pk" PRIMARY KEY("workspace_id","type","currency"),
	CONSTRAINT "act_rates_type_check" CHECK ("act_rates"."type" in ('presentation', 'video')),
	CONSTRAINT "act_rates_amount_check" CHECK ("act_rates"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "acts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "acts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"act_date" date NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"user_id" integer,
	"contractor" jsonb NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contractors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name_uk" text NOT NULL,
	"name_en" text NOT NULL,
	"passport" text NOT NULL,
	"tax_country" text NOT NULL,
	"tax_number" text NOT NULL,
	"address_uk" text NOT NULL,
	"address_en" text NOT NULL,
	"contract_number" text NOT NULL,
	"contract_date" date NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "act_counters" ADD CONSTRAINT "act_counters_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_exclusions" ADD CONSTRAINT "act_exclusions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_exclusions" ADD CONSTRAINT "act_exclusions_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_exclusions" ADD CONSTRAINT "act_exclusions_excluded_by_users_id_fk" FOREIGN KEY ("excluded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_items" ADD CONSTRAINT "act_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_items" ADD CONSTRAINT "act_items_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_items" ADD CONSTRAINT "act_items_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_rates" ADD CONSTRAINT "act_rates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acts" ADD CONSTRAINT "acts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acts" ADD CONSTRAINT "acts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acts" ADD CONSTRAINT "acts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "act_items_act_idx" ON "act_items" USING btree ("act_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "act_items_workspace_exercise_key" ON "act_items" USING btree ("workspace_id","exercise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "acts_workspace_year_number_key" ON "acts" USING btree ("workspace_id","year","number");--> statement-breakpoint
CREATE INDEX "acts_workspace_user_idx" ON "acts" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contractors_workspace_user_key" ON "contractors" USING btree ("workspace_id","user_id");