"""RDV001: an accepting server that the accepting-server scheme eliminates, or, when
its code may block, the caller-runs scheme."""

from rdv2po.lint.rule import Example, Rule

from ._wording import checked, task_noun


def check(ctx):
    for f in ctx.tasks:
        d = f.decision
        if d is None or not d.rewritten or d.scheme not in HOW:
            continue
        t = f.task
        source, effect = HOW[d.scheme]
        yield RULE.finding(t.spec, t.qualified_name, fixable=True,
                           details={"scheme": d.scheme, "verified": str(ctx.verified).lower()},
                           noun=task_noun(t), name=t.qualified_name, checked=checked(ctx.verified),
                           scheme=d.scheme, source=source, effect=effect)


# what each eliminating scheme makes of the task: (where it comes from, what it does)
HOW = {
    "accepting-server": (
        "paper 6.1",
        "it becomes a protected object with the same entries, callers unchanged, and calls "
        "stop switching to the server's thread"),
    "caller-runs-server": (
        "its code may block, so the caller runs it between two protected calls",
        "it becomes a package with a procedure per entry, callers unchanged; each call "
        "takes the server's turn from a protected object, runs the server's code in the "
        "caller's thread outside any protected action, and gives the turn back"),
}


FLAGGED = Example((("main.adb", """\
--  A one-slot buffer served by a task: every Put and Get is a rendezvous,
--  two thread switches each (caller to Buffer and back).
procedure Main is
   task Buffer is  -- FLAG
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Buffer;

   task body Buffer is
      Value : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Value := X;
            end Put;
         or
            terminate;
         end select;
         accept Get (X : out Integer) do
            X := Value;
         end Get;
      end loop;
   end Buffer;

   Item, Sum : Integer := 0;
begin
   for I in 1 .. 10 loop
      Buffer.Put (I);
      Buffer.Get (Item);
      Sum := Sum + Item;
   end loop;
end Main;
"""),))

CLEAN = Example((("main.adb", """\
--  The same buffer as a protected object: a call whose barrier is open runs
--  in the caller's thread, no switch at all.
procedure Main is
   protected Buffer is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   private
      Value : Integer := 0;
      Full  : Boolean := False;
   end Buffer;

   protected body Buffer is
      entry Put (X : Integer) when not Full is
      begin
         Value := X;
         Full := True;
      end Put;

      entry Get (X : out Integer) when Full is
      begin
         X := Value;
         Full := False;
      end Get;
   end Buffer;

   Item, Sum : Integer := 0;
begin
   for I in 1 .. 10 loop
      Buffer.Put (I);
      Buffer.Get (Item);
      Sum := Sum + Item;
   end loop;
end Main;
"""),))

RULE = Rule(
    id="RDV001",
    name="accepting-server-eliminable",
    severity="warning",
    summary="A task that loops over accept and select can be replaced by a protected object.",
    message=("{noun} {name} is an accepting server, eliminable by the {scheme} scheme "
             "({source}; {checked}): {effect}; 'rdv2po lint --fix' rewrites it"),
    rationale="""\
A server task exists only to serialise its callers: each rendezvous blocks
the caller, switches to the server's thread to run the accept body, and
switches back -- two context switches per call (about four kernel switches
measured on Linux, pinned).  Macos and Mueller (section 6.1) replace such a
task by a protected object with the same entries, whose barriers encode the
order of the server's accepts (a private Stage counter); a call whose
barrier is open runs in the caller's own thread, and a queued call is
completed by whichever task opens the barrier.  They measured at least 50%
fewer context switches (95% for a buffered producer/consumer).

The verdict comes from the accepting-server scheme itself: the task is
reported only when 'rdv2po rewrite' translates it and, unless verify is off,
GNAT compiles the translated program.  Callers keep their code: entry calls,
conditional and timed calls look the same on a protected entry.

A server whose accept bodies or in-between code may block (Text_IO, a
logging procedure, a call through a body not in the sources) cannot become
a protected object: that code must not run in a protected action.  The
caller-runs scheme reports it here instead: the task becomes a package
whose procedures, named like the entries, take the server's turn (an
entry of a small protected object whose barrier is the select's), run the
server's code in the caller's own thread, and give the turn back; the
order of the server's actions is kept, and nothing blocks inside a
protected action (docs/caller-runs-scheme.md).

Keep the task (and suppress this finding with a justification) when it
exists for parallelism rather than for serialisation: statements between
its accepts that do real work would, after the rewrite, run inside the
callers' protected actions.""",
    flagged=FLAGGED, clean=CLEAN, check=check, fixable=True)
