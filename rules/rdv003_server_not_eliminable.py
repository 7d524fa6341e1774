"""RDV003: a server task that no scheme can eliminate, and why."""

from rdv2po.lint.rule import Example, Note, Rule

from ._wording import other_schemes, refusal, task_noun

KINDS = {"accepting_server": "an accepting server", "calling_server": "a calling server",
         "mixed": "a server that also calls other tasks' entries"}


def check(ctx):
    for f in ctx.tasks:
        d = f.decision
        if d is None or d.rewritten or f.is_peer or f.role.kind != "server":
            continue     # peers exchange messages, periodic/polling/worker tasks act on
            # their own: their refusal is expected, nothing to change (RDV006)
        t = f.task
        first, *rest = d.obstacles or (d,)     # every obstacle the scheme found
        yield RULE.finding(first.loc, t.qualified_name, anchors=(t.spec,),
                           details={"scheme": d.scheme, "construct": first.construct,
                                    "reason": first.reason,
                                    "obstacles": str(1 + len(rest))},
                           notes=other_schemes(d, t)
                           + tuple(Note(ob.loc, refusal(ob, t)) for ob in rest),
                           noun=task_noun(t), name=t.qualified_name,
                           kind=KINDS.get(t.classification.kind, "a server"),
                           scheme=d.scheme, why=refusal(first, t))


FLAGGED = Example((("main.adb", """\
--  Two servers the schemes must keep: Logger writes to a file inside its
--  accept body (language-defined I/O is potentially blocking, RM 9.5.1(18),
--  so it cannot run in a protected action), and Teller waits on another
--  object's entry inside its accept body (an entry call is potentially
--  blocking too).  One finding per task, at its first obstacle; the others
--  are its notes.
with Ada.Text_IO;

procedure Main is
   protected Vault is
      entry Take (Amount : Natural);
      procedure Fill (Amount : Natural);
   private
      Stock : Natural := 0;
   end Vault;

   protected body Vault is
      entry Take (Amount : Natural) when Stock > 0 is
      begin
         Stock := Stock - Natural'Min (Amount, Stock);
      end Take;
      procedure Fill (Amount : Natural) is
      begin
         Stock := Stock + Amount;
      end Fill;
   end Vault;

   task Logger is
      entry Log (Msg : String);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Log (Msg : String) do
               Ada.Text_IO.Put_Line (Msg);  -- FLAG
               Ada.Text_IO.New_Line;  -- NOTE
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;

   task Teller is
      entry Withdraw (Amount : Natural);
   end Teller;

   task body Teller is
   begin
      loop
         select
            accept Withdraw (Amount : Natural) do
               Vault.Take (Amount);  -- FLAG
            end Withdraw;
         or
            terminate;
         end select;
      end loop;
   end Teller;
begin
   Vault.Fill (10);
   Logger.Log ("started");
   Teller.Withdraw (1);
   --  Logger is aborted: the caller-runs scheme refuses both tasks too, named in a note
   if Logger'Callable then
      abort Logger;  -- NOTE
   end if;
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
object.  Some constructs do not fit; there is one finding for each task
they stop, at the first construct the scheme's checks found, with the others as
its notes (all of them with --show-all-obstacles, else the first few), each
with where it is and why:
- a potentially blocking operation that would run inside a protected action
  (RM 9.5.1): an entry call, a delay, a select, task creation,
  language-defined input-output, or a call whose body is not in the
  sources -- with the call path when it is reached through subprograms
  (e.g. 'Record_Event -> Emit -> Ada.Text_IO.Put_Line');
- task attributes ('Callable, 'Terminated, 'Identity) and priorities: a
  protected object is not a task; an abort of the task: a protected object
  cannot be aborted;
- shapes the schemes do not translate (an accept inside an if without
  else or a block, an inner loop left by an exit of its own, ...), and
  translations GNAT rejects.

What to do: move the blocking work out of the server (to the caller, or to
a task of its own fed by a protected buffer), then run the lint again.  Or
keep the task and suppress the finding with a justification.

Only servers in the paper's sense are reported: tasks that wait for
callers and do their work in the rendezvous.  Not reported: a peer (it also
calls other tasks' entries outside its accept bodies, see RDV005); a
periodic task (a delay alternative) or a polling one (an else part): it
acts on its own; a worker (potentially blocking work in its loop, outside
its accept bodies, concurrent with its callers); a "calling server"
that makes one or two entry calls outside loops.  RDV006 lists them.""",
    flagged=FLAGGED, clean=CLEAN, check=check)
