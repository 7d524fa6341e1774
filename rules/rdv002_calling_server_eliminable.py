"""RDV002: a calling server that the calling-server scheme eliminates."""

from rdv2po.lint.rule import Example, Rule

from ._wording import checked, task_noun


def check(ctx):
    for f in ctx.tasks:
        d = f.decision
        if d is None or not d.rewritten or d.scheme != "calling-server":
            continue
        t = f.task
        yield RULE.finding(t.spec, t.qualified_name, fixable=True,
                           details={"scheme": d.scheme, "verified": str(ctx.verified).lower()},
                           noun=task_noun(t), name=t.qualified_name,
                           checked=checked(ctx.verified))


FLAGGED = Example((("main.adb", """\
--  A task whose only job is to hand every worker its part of the problem:
--  one rendezvous per worker, and a thread that does nothing else.
procedure Main is
   task type Worker is
      entry Start (Id : Integer);
   end Worker;

   Pool : array (1 .. 4) of Worker;

   task Dispatcher;  -- FLAG

   Done : array (1 .. 4) of Integer := (others => 0);

   task body Worker is
      My_Id : Integer;
   begin
      accept Start (Id : Integer) do
         My_Id := Id;
      end Start;
      Done (My_Id) := My_Id * My_Id;
   end Worker;

   task body Dispatcher is
   begin
      for I in Pool'Range loop
         Pool (I).Start (I);
      end loop;
   end Dispatcher;
begin
   null;
end Main;
"""),))

CLEAN = Example((("main.adb", """\
--  Each worker gets its part as a discriminant: no hand-out task at all.
procedure Main is
   task type Worker (Id : Integer);

   Done : array (1 .. 4) of Integer := (others => 0);

   task body Worker is
   begin
      Done (Id) := Id * Id;
   end Worker;

   W1 : Worker (1);
   W2 : Worker (2);
   W3 : Worker (3);
   W4 : Worker (4);
begin
   null;
end Main;
"""),))

RULE = Rule(
    id="RDV002",
    name="calling-server-eliminable",
    severity="warning",
    summary="A task that hands out work by calling its workers' entries can become a "
            "protected object the workers call.",
    message=("{noun} {name} is a calling server, eliminable by the calling-server scheme "
             "(paper 6.2; {checked}): it becomes a protected object that the workers call "
             "for their messages, and its thread and one rendezvous per message go away; "
             "'rdv2po lint --fix' rewrites it"),
    rationale="""\
A calling server is a task that mainly calls entries of other tasks, for
instance to give each worker its part of the problem (Gauss-Seidel's set-up
in the paper).  Each call is a rendezvous with the worker, and the calling
task itself exists only to make those calls.  Macos and Mueller (section
6.2, Figure 6) invert the data flow: the task becomes a protected object,
each worker's 'accept Start (X : in T)' becomes a call 'Setup.Start (X)'
with X an out parameter, and the server's loops become state in the object.
The paper measured 65% fewer context switches for this part.

The verdict comes from rdv2po's calling-server scheme: the task is reported
only when 'rdv2po rewrite' translates it (and, unless verify is off, GNAT
compiles the result).  Messages still reach the worker the original called;
where nothing in the program could tell workers apart, the object serves
them in arrival order, as in the paper.""",
    flagged=FLAGGED, clean=CLEAN, check=check, fixable=True)
