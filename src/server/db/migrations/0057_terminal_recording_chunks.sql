CREATE TABLE "terminal_recording_chunks" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "terminal_recording_chunks_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
ALTER TABLE "terminal_recording_chunks" ADD CONSTRAINT "terminal_recording_chunks_session_id_terminal_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."terminal_sessions"("session_id") ON DELETE cascade ON UPDATE no action;