CREATE TABLE "lesson_marks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"exercise_id" integer NOT NULL,
	"trial" smallint NOT NULL,
	"result" text NOT NULL,
	"cue" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_marks_result_check" CHECK ("lesson_marks"."result" in ('correct', 'incorrect', 'cued')),
	CONSTRAINT "lesson_marks_trial_check" CHECK ("lesson_marks"."trial" >= 1)
);
--> statement-breakpoint
CREATE TABLE "lesson_presentations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_presentations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"block_key" uuid NOT NULL,
	"position" smallint NOT NULL,
	"exercise_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"starts_at" timestamp with time zone,
	"duration_minutes" smallint DEFAULT 45 NOT NULL,
	"finished_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"player_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_number_check" CHECK ("lessons"."number" >= 1),
	CONSTRAINT "lessons_duration_check" CHECK ("lessons"."duration_minutes" between 45 and 60)
);
--> statement-breakpoint
ALTER TABLE "lesson_marks" ADD CONSTRAINT "lesson_marks_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_marks" ADD CONSTRAINT "lesson_marks_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_presentations" ADD CONSTRAINT "lesson_presentations_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_presentations" ADD CONSTRAINT "lesson_presentations_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_protocol_id_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_marks_trial_unique" ON "lesson_marks" USING btree ("lesson_id","exercise_id","trial");--> statement-breakpoint
CREATE INDEX "lesson_marks_exercise_idx" ON "lesson_marks" USING btree ("exercise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_presentations_position_unique" ON "lesson_presentations" USING btree ("lesson_id","block_key","position");--> statement-breakpoint
CREATE INDEX "lesson_presentations_exercise_idx" ON "lesson_presentations" USING btree ("exercise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_protocol_number_unique" ON "lessons" USING btree ("protocol_id","number");--> statement-breakpoint
CREATE INDEX "lessons_workspace_teacher_starts_idx" ON "lessons" USING btree ("workspace_id","teacher_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_player_token_unique" ON "lessons" USING btree ("player_token");--> statement-breakpoint
-- The lessons of the plans already filled before lessons existed (new ones get theirs when filled).
INSERT INTO "lessons" ("workspace_id", "teacher_id", "protocol_id", "number")
SELECT p."workspace_id", p."teacher_id", p."id", n
FROM "protocols" p CROSS JOIN LATERAL generate_series(1, p."lessons") n
WHERE NOT EXISTS (SELECT 1 FROM "protocol_blocks" b WHERE b."protocol_id" = p."id" AND b."folder_id" IS NULL);
