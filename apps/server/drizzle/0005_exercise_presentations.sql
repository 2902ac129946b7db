CREATE TABLE "exercise_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"exercise_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_files_kind_check" CHECK ("exercise_files"."kind" in ('presentation', 'slide'))
);
--> statement-breakpoint
CREATE TABLE "exercise_slides" (
	"exercise_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "exercise_slides_exercise_id_position_pk" PRIMARY KEY("exercise_id","position")
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "slides_status" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "slides_message" text;--> statement-breakpoint
ALTER TABLE "exercise_files" ADD CONSTRAINT "exercise_files_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_slides" ADD CONSTRAINT "exercise_slides_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_slides" ADD CONSTRAINT "exercise_slides_file_id_exercise_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."exercise_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_files_exercise_idx" ON "exercise_files" USING btree ("exercise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_files_presentation_unique" ON "exercise_files" USING btree ("exercise_id") WHERE "exercise_files"."kind" = 'presentation';--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_files_stored_name_key" ON "exercise_files" USING btree ("stored_name");--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_slides_status_check" CHECK ("exercises"."slides_status" in ('pending', 'rendering', 'ready', 'failed', 'thumbnail'));