-- The child's screen (GET /play-lesson/:token/events) follows a lesson's session on whichever app
-- instance it is open (decision 048). Every write it shows says so on the channel
-- `lesson_session_changed`, with the lesson's id: the lesson itself (its session's columns, its
-- finish, its lock), its presentations and story parts (what the session plays), and its public
-- link (kind 'lesson': made, withdrawn). Each instance listens on a connection of its own and tells
-- the streams of that lesson to read it again. A notification goes out when the transaction
-- commits, so a stream never reads the change before it is there; a lesson's many rows changed in
-- one transaction make one notification.
CREATE FUNCTION "notify_lesson_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'lessons' THEN
    PERFORM pg_notify('lesson_session_changed', row_data.id::text);
  ELSIF TG_TABLE_NAME = 'public_links' THEN
    PERFORM pg_notify('lesson_session_changed', row_data.subject_id::text);
  ELSE
    PERFORM pg_notify('lesson_session_changed', row_data.lesson_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A new lesson has no session and no link yet: only its changes count.
CREATE TRIGGER "lessons_session_changed" AFTER UPDATE ON "lessons"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "notify_lesson_session_changed"();--> statement-breakpoint
CREATE TRIGGER "lessons_session_deleted" AFTER DELETE ON "lessons"
  FOR EACH ROW EXECUTE FUNCTION "notify_lesson_session_changed"();--> statement-breakpoint
CREATE TRIGGER "lesson_presentations_session_changed" AFTER INSERT OR UPDATE OR DELETE ON "lesson_presentations"
  FOR EACH ROW EXECUTE FUNCTION "notify_lesson_session_changed"();--> statement-breakpoint
CREATE TRIGGER "lesson_story_parts_session_changed" AFTER INSERT OR UPDATE OR DELETE ON "lesson_story_parts"
  FOR EACH ROW EXECUTE FUNCTION "notify_lesson_session_changed"();--> statement-breakpoint
-- The kind is the contract's LESSON_LINK_KIND.
CREATE TRIGGER "public_links_lesson_changed" AFTER INSERT OR UPDATE ON "public_links"
  FOR EACH ROW WHEN (NEW."kind" = 'lesson')
  EXECUTE FUNCTION "notify_lesson_session_changed"();--> statement-breakpoint
CREATE TRIGGER "public_links_lesson_deleted" AFTER DELETE ON "public_links"
  FOR EACH ROW WHEN (OLD."kind" = 'lesson')
  EXECUTE FUNCTION "notify_lesson_session_changed"();
