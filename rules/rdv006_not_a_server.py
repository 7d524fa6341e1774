"""RDV006: a task the schemes keep because it is not a server (or is a peer), and the
schemes' reason."""

from rdv2po.lint.rule import Example, Note, Rule

from ._wording import other_schemes, plain, refusal, task_noun

KIND = {"periodic": "a periodic task", "polling": "a polling task", "worker": "a worker",
        "few calls": "not a calling server", "peer": "a peer of other tasks"}


def check(ctx):
    for f in ctx.tasks:
        d = f.decision
        if d is None or d.rewritten or (f.role.kind == "server" and not f.is_peer):
            continue     # eliminable (RDV001, RDV002) or a server (RDV003, RDV004)
        t = f.task
        role, loc, what = f.role.kind, f.role.loc, f.role.what
        if role == "server":
            call = f.peer_calls[0]
            role, loc = "peer", call.loc
            what = (f"it calls {call.target} outside its accept bodies: peers exchange "
                    "messages, and the paper keeps their rendezvous (RDV005 lists those "
                    "in loops)")
        first, *rest = d.obstacles or (d,)
        yield RULE.finding(loc or t.spec, t.qualified_name, anchors=(t.spec,),
                           details={"role": role, "scheme": d.scheme,
                                    "construct": first.construct, "reason": first.reason,
                                    "obstacles": str(1 + len(rest))},
                           notes=other_schemes(d, t)
                           + tuple(Note(ob.loc, refusal(ob, t)) for ob in rest),
                           noun=task_noun(t), name=t.qualified_name, kind=KIND[role],
                           what=plain(what), scheme=d.scheme, why=refusal(first, t))


FLAGGED = Example((("main.adb", """\
--  Tasks that look like servers but have work of their own: no protected
--  object can act on a timeout, poll, or read input while its caller goes on.
with Ada.Text_IO;

procedure Main is
   task Watchdog is
      entry Kick;
   end Watchdog;

   task body Watchdog is
      Missed : Natural := 0;
   begin
      loop
         select
            accept Kick do
               Missed := 0;
            end Kick;
         or
            delay 0.05;  -- FLAG
            Missed := Missed + 1;
         end select;
         exit when Missed > 2;
      end loop;
   end Watchdog;

   task Poller is
      entry Stop;
   end Poller;

   task body Poller is
      Spins : Natural := 0;
   begin
      loop
         select  -- FLAG
            accept Stop;
            exit;
         else
            Spins := Spins + 1;  -- NOTE
         end select;
      end loop;
   end Poller;

   task Reader is
      entry Take (Line : out String);
   end Reader;

   task body Reader is
      Next : String (1 .. 8) := (others => ' ');
      Last : Natural := 0;
   begin
      loop
         select
            accept Take (Line : out String) do
               Line := Next;
            end Take;
         or
            terminate;
         end select;
         Ada.Text_IO.Get_Line (Next, Last);  -- FLAG
      end loop;
   end Reader;

   Line : String (1 .. 8);
begin
   Watchdog.Kick;
   Reader.Take (Line);
   Poller.Stop;
end Main;
"""),))

CLEAN = Example((("main.adb", """\
--  A server: it waits for callers and does their work in the rendezvous
--  (reported by RDV003, not here).
with Ada.Text_IO;

procedure Main is
   task Logger is
      entry Log (Msg : String);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Log (Msg : String) do
               Ada.Text_IO.Put_Line (Msg);
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;
begin
   Logger.Log ("started");
end Main;
"""),))

RULE = Rule(
    id="RDV006",
    name="not-a-server",
    severity="note",
    summary="A task next to the servers that is not one (periodic, polling, worker, a peer, "
            "or a task making a few entry calls), kept as it is, with the schemes' reason.",
    message="{noun} {name} is {kind}, kept: {what}; the {scheme} scheme refuses it: {why}",
    rationale="""\
The paper's schemes replace servers: tasks that wait for callers and do
their callers' work in the rendezvous.  A protected object can do that; it
cannot act on its own.  So some tasks that accept entries in a loop are
not servers, and RDV003 does not report them:
- a periodic task (a delay alternative in its select) acts when nobody
  calls (unless the accepting-server scheme translates it, its delay
  alternative a timing event: then it is eliminable, RDV001);
- a polling task (a select with an else part) never waits for a caller;
- a worker does potentially blocking work (input and file I/O, sockets,
  entry calls, calls nothing shows cannot block) in its loop, outside its
  accept bodies, guards and exception handlers, after the caller is released: it
  works concurrently with its callers, which is what it is for (so does a
  task with no loop that does it after accepting Start once; text output
  there is no such work: the caller-runs scheme has the caller print before
  it returns, so a logger or display server is a server);
- a task making one or two entry calls, none in a loop, calls other tasks
  (starts them, passes them a value); it does not hand out work as a
  calling server does;
- a peer serves entries in a loop and calls other tasks' entries outside
  its accept bodies: it exchanges messages as an active participant (a
  pipeline stage, one side of a ping-pong); the paper keeps the rendezvous
  between peers (section 8).

Nothing needs to change, so the finding is a note: it tells, for every
task that looks like a server, why it stays -- what it does on its own,
and the obstacle the schemes found (the first in the message, the others
as notes).  A task classed here that is in fact a server (a timer queue
whose callers wait for nothing but their turn) can often be made
eliminable by moving that obstacle out.  A note of this rule, on by
default, does not make the exit status 1; ignore it (--ignore RDV006) to
hear about servers only.""",
    flagged=FLAGGED, clean=CLEAN, check=check)
