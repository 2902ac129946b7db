CREATE TABLE "practice_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"exercise_ids" integer[],
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_tries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "practice_tries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_tries_outcome_check" CHECK ("practice_tries"."outcome" in ('right', 'helped', 'not_yet'))
);
--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_assignments" ADD CONSTRAINT "practice_assignments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tries" ADD CONSTRAINT "practice_tries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tries" ADD CONSTRAINT "practice_tries_assignment_id_practice_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."practice_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_tries" ADD CONSTRAINT "practice_tries_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_assignments_live_lesson_unique" ON "practice_assignments" USING btree ("lesson_id") WHERE "practice_assignments"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "practice_assignments_client_idx" ON "practice_assignments" USING btree ("workspace_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_tries_key_unique" ON "practice_tries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "practice_tries_assignment_idx" ON "practice_tries" USING btree ("assignment_id","exercise_id");