"""RDV004: a server task used only for synchronization (a lock, a semaphore)."""

from rdv2po.lint.rule import Example, Rule

from ._wording import checked, refusal, task_noun


def check(ctx):
    for f in ctx.tasks:
        if not f.sync_only or f.role.kind != "server":
            continue     # a periodic or polling task with a Stop entry is no lock (RDV006)
        t, d = f.task, f.decision
        if d is not None and d.rewritten:
            then = (f"eliminable by the accepting-server scheme ({checked(ctx.verified)}); "
                    "'rdv2po lint --fix' rewrites it")
        elif d is not None:
            then = f"not translated automatically: {refusal(d, t)}"
        else:
            then = "not considered by the schemes"
        entries = ", ".join(e.name for e in t.entries)
        anchors = (d.loc,) if d is not None else ()
        yield RULE.finding(t.spec, t.qualified_name, anchors=anchors,
                           fixable=f.eliminable, details={"entries": entries},
                           noun=task_noun(t), name=t.qualified_name, entries=entries, then=then)


FLAGGED = Example((("main.adb", """\
--  The paper's Figure 1: a task that serialises Acquire and Release pairs,
--  and a second one with a priority (which a protected object, running in
--  its callers, cannot keep; the finding says so).
procedure Main is
   task Resource is  -- FLAG
      entry Acquire;
      entry Release;
   end Resource;

   task body Resource is
   begin
      loop
         select
            accept Acquire;
         or
            terminate;
         end select;
         accept Release;
      end loop;
   end Resource;

   task Gate is  -- FLAG
      pragma Priority (10);
      entry Enter;
      entry Leave;
   end Gate;

   task body Gate is
   begin
      loop
         select
            accept Enter;
         or
            terminate;
         end select;
         accept Leave;
      end loop;
   end Gate;

   Shared : Integer := 0;

   task type Client;

   task body Client is
   begin
      for I in 1 .. 10 loop
         Resource.Acquire;
         Shared := Shared + 1;
         Resource.Release;
         Gate.Enter;
         Gate.Leave;
      end loop;
   end Client;

   Clients : array (1 .. 3) of Client;
begin
   null;
end Main;
"""),))

CLEAN = Example((("main.adb", """\
--  The idiom: the shared data and its lock in one protected object.
procedure Main is
   protected Counter is
      procedure Increment;
      function Value return Integer;
   private
      Count : Integer := 0;
   end Counter;

   protected body Counter is
      procedure Increment is
      begin
         Count := Count + 1;
      end Increment;

      function Value return Integer is
      begin
         return Count;
      end Value;
   end Counter;

   task type Client;

   task body Client is
   begin
      for I in 1 .. 10 loop
         Counter.Increment;
      end loop;
   end Client;

   Clients : array (1 .. 3) of Client;
begin
   null;
end Main;
"""),))

RULE = Rule(
    id="RDV004",
    name="server-task-as-lock",
    severity="warning",
    summary="A server task whose entries carry no data and whose accepts do nothing: "
            "a lock or a semaphore, for which a protected object is the idiom.",
    message=("{noun} {name} is used only for synchronization (its entries {entries} carry no "
             "data and its accepts do nothing): a protected object is the idiom for a lock "
             "or a semaphore; {then}"),
    rationale="""\
A task that only accepts parameterless entries with empty accept bodies
(Acquire/Release, Seize/Free, P/V) is a lock built from a thread: every
Acquire and every Release is a rendezvous, two context switches each, and a
whole task exists to count to one.  This is the paper's Figure 1: before
Ada 95 "a single server task was used that responded to lock and unlock
entry calls"; protected objects were added for exactly this.  Best of all,
put the shared data and the operations on it in one protected object, so
that no caller can forget to release the lock; failing that, a protected
object with the same entries, each behind a barrier, keeps the callers'
code unchanged, and that is what 'rdv2po lint --fix' produces when the
accepting-server scheme translates the task.

This rule replaces RDV001 and RDV003 for such a task (one finding per
task); ignore RDV004 to get theirs instead.""",
    flagged=FLAGGED, clean=CLEAN, check=check, fixable=True,
    supersedes=("RDV001", "RDV003"))
