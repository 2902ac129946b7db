CREATE TABLE "exercise_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"user_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_tags" (
	"exercise_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "exercise_tags_exercise_id_tag_id_pk" PRIMARY KEY("exercise_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "exercise_votes" (
	"exercise_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_votes_exercise_id_user_id_pk" PRIMARY KEY("exercise_id","user_id"),
	CONSTRAINT "exercise_votes_value_check" CHECK ("exercise_votes"."value" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"title" text NOT NULL,
	"status_id" smallint NOT NULL,
	"author_id" integer NOT NULL,
	"assigned_id" integer,
	"category_id" integer,
	"usage_frequency" smallint DEFAULT 1 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"instruction" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"excluded_from_generation" boolean DEFAULT false NOT NULL,
	"ready_for_generation" boolean DEFAULT false NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"dislikes_count" integer DEFAULT 0 NOT NULL,
	"request_description" text,
	"request_interests" text[],
	"request_age_categories" text[],
	"request_deadline" date,
	"slide_count" integer,
	"slide_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercises_status_check" CHECK ("exercises"."status_id" between 1 and 5),
	CONSTRAINT "exercises_usage_frequency_check" CHECK ("exercises"."usage_frequency" in (1, 3)),
	CONSTRAINT "exercises_counts_check" CHECK ("exercises"."likes_count" >= 0 and "exercises"."dislikes_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "exercise_status_history" ADD CONSTRAINT "exercise_status_history_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_status_history" ADD CONSTRAINT "exercise_status_history_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_status_history" ADD CONSTRAINT "exercise_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_tags" ADD CONSTRAINT "exercise_tags_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_tags" ADD CONSTRAINT "exercise_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_votes" ADD CONSTRAINT "exercise_votes_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_votes" ADD CONSTRAINT "exercise_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_assigned_id_users_id_fk" FOREIGN KEY ("assigned_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_status_history_exercise_idx" ON "exercise_status_history" USING btree ("exercise_id","id");--> statement-breakpoint
CREATE INDEX "exercise_status_history_workspace_time_idx" ON "exercise_status_history" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "exercise_tags_tag_idx" ON "exercise_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_workspace_title_unique" ON "exercises" USING btree ("workspace_id",lower("title"));--> statement-breakpoint
CREATE INDEX "exercises_workspace_status_idx" ON "exercises" USING btree ("workspace_id","status_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exercises_workspace_author_idx" ON "exercises" USING btree ("workspace_id","author_id");--> statement-breakpoint
CREATE INDEX "exercises_workspace_assigned_idx" ON "exercises" USING btree ("workspace_id","assigned_id");--> statement-breakpoint
CREATE INDEX "exercises_workspace_category_idx" ON "exercises" USING btree ("workspace_id","category_id");