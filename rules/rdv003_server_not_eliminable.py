"""RDV003: a server task that no scheme can eliminate, and why."""

from rdv2po.lint.rule import Example, Rule

from ._wording import refusal, task_noun

KINDS = {"accepting_server": "an accepting server", "calling_server": "a calling server",
         "mixed": "a server that also calls other tasks' entries"}


def check(ctx):
    for f in ctx.tasks:
        d = f.decision
        if d is None or d.rewritten or f.is_peer:
            continue     # a peer's refusal is expected: it exchanges messages, it does not serve
        t = f.task
        yield RULE.finding(d.loc, t.qualified_name, anchors=(t.spec,),
                           details={"scheme": d.scheme, "construct": d.construct,
                                    "reason": d.reason},
                           noun=task_noun(t), name=t.qualified_name,
                           kind=KINDS.get(t.classification.kind, "a server"),
                           scheme=d.scheme, why=refusal(d, t))


FLAGGED = Example((("main.adb", """\
--  Two servers the schemes must keep: Logger writes to a file inside its
--  accept body (language-defined I/O is potentially blocking, RM 9.5.1(18),
--  so it cannot run in a protected action), and Watchdog acts when nobody
--  calls (a delay alternative: a protected object never runs on its own).
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
               Ada.Text_IO.Put_Line (Msg);  -- FLAG
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;

   task Watchdog is
      entry Kick (Tick : Natural);
   end Watchdog;

   task body Watchdog is
      Last   : Natural := 0;
      Missed : Natural := 0;
   begin
      loop
         select
            accept Kick (Tick : Natural) do
               Last := Tick;
            end Kick;
         or
            delay 0.1;  -- FLAG
            Missed := Missed + 1;
         end select;
         exit when Missed > 3 or Last > 100;
      end loop;
   end Watchdog;
begin
   Logger.Log ("started");
   Watchdog.Kick (1);
end Main;
"""),))

CLEAN = Example((("main.adb", """\
--  Peers: Pinger and Ponger each serve an entry in a loop and call the
--  other's outside their accept bodies.  No scheme eliminates them, and
--  none should: the paper keeps rendezvous between peers (see RDV005).
procedure Main is
   task Ponger is
      entry Ping (N : Integer);
   end Ponger;

   task Pinger is
      entry Pong (N : Integer);
   end Pinger;

   task body Pinger is
      Last : Integer := 0;
   begin
      for I in 1 .. 100 loop
         Ponger.Ping (I);
         accept Pong (N : Integer) do
            Last := N;
         end Pong;
      end loop;
   end Pinger;

   task body Ponger is
      Got : Integer := 0;
   begin
      loop
         select
            accept Ping (N : Integer) do
               Got := N;
            end Ping;
         or
            terminate;
         end select;
         Pinger.Pong (Got + 1);
      end loop;
   end Ponger;
begin
   null;
end Main;
"""),))

RULE = Rule(
    id="RDV003",
    name="server-not-eliminable",
    severity="warning",
    summary="A server task that no scheme can replace by a protected object, with the "
            "construct and the reason.",
    message="{noun} {name} is {kind}, not eliminable by the {scheme} scheme: {why}",
    rationale="""\
A server task costs two context switches per rendezvous (section 4 of the
paper); the server schemes remove it when its behaviour fits a protected
object.  Some constructs do not fit, and the finding names the first one
the scheme met, where it is, and why:
- a potentially blocking operation that would run inside a protected action
  (RM 9.5.1): an entry call, a delay, a select, task creation,
  language-defined input-output, or a call whose body is not in the
  sources -- with the call path when it is reached through subprograms
  (e.g. 'Record_Event -> Emit -> Ada.Text_IO.Put_Line');
- a delay or else alternative in the server's select: the task acts on its
  own when nobody calls, which a protected object cannot do;
- task attributes ('Callable, 'Terminated, 'Identity), abort, priorities:
  a protected object is not a task;
- shapes the schemes do not translate (accepts inside if or inner loops,
  statements after the server loop, ...), and translations GNAT rejects.

What to do: move the blocking work out of the server (to the caller, or to
a task of its own fed by a protected buffer), drop the timeout or move it to
the callers (timed entry calls), then run the lint again.  Or keep the task
and suppress the finding with a justification.  A peer -- a task that also
calls other tasks' entries outside its accept bodies -- is not reported
here: see RDV005.""",
    flagged=FLAGGED, clean=CLEAN, check=check)
