"""RDV003 speaks of servers only: tasks that wait for callers (roles.py).

Small programs of the shapes met in real code bases (AWS, PragmARC): a
periodic cleaner, a polling consumer, a forwarding stage that works after
the rendezvous, a task starting two workers; and a display server, which
is a server and must still be reported.
"""

from __future__ import annotations

from test_lint_cli import rdv2po

PERIODIC = """\
procedure Main is
   task Cleaner is
      entry Stop;
   end Cleaner;

   task body Cleaner is
      Sweeps : Natural := 0;
   begin
      loop
         select
            accept Stop;
            exit;
         or
            delay 0.01;
            Sweeps := Sweeps + 1;
         end select;
      end loop;
   end Cleaner;
begin
   Cleaner.Stop;
end Main;
"""

POLLING = """\
procedure Main is
   task Consumer is
      entry Put (X : Integer);
   end Consumer;

   task body Consumer is
      Sum, Idle : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
         else
            Idle := Idle + 1;
         end select;
         exit when Sum > 10;
      end loop;
   end Consumer;
begin
   for I in 1 .. 11 loop
      Consumer.Put (I);
   end loop;
end Main;
"""

# A pipeline stage: takes an item, releases the caller, then forwards it
# through a subprogram nothing shows cannot block (here: text output).
WORKER = """\
with Ada.Text_IO;
procedure Main is
   task Stage is
      entry Put (X : Integer);
   end Stage;

   task body Stage is
      Item : Natural := 0;
      Line : String (1 .. 8);
   begin
      loop
         select
            accept Put (X : Integer) do
               Item := X;
            end Put;
         or
            terminate;
         end select;
         Ada.Text_IO.Get_Line (Line, Item);
      end loop;
   end Stage;
begin
   Stage.Put (1);
end Main;
"""

TWO_CALLS = """\
with Ada.Text_IO;
procedure Main is
   task type Worker is
      entry Start (Id : Integer);
   end Worker;

   task body Worker is
      My_Id : Integer;
      Line : String (1 .. 8);
      Last : Natural;
   begin
      accept Start (Id : Integer) do
         My_Id := Id;
      end Start;
      Ada.Text_IO.Get_Line (Line, Last);
      Ada.Text_IO.Put_Line ("worker" & Integer'Image (My_Id) & Line (1 .. Last));
   end Worker;

   W1, W2 : Worker;

   task Starter is
      entry Ready;
   end Starter;

   task body Starter is
   begin
      select accept Ready; or terminate; end select;
      W1.Start (1);
      W2.Start (2);
   end Starter;
begin
   Starter.Ready;
end Main;
"""

DISPLAY = """\
with Ada.Text_IO;
procedure Main is
   task Display is
      entry Show (Line : String);
      entry Clear;
   end Display;

   task body Display is
   begin
      loop
         select
            accept Show (Line : String) do
               Ada.Text_IO.Put_Line (Line);
            end Show;
         or
            accept Clear do
               Ada.Text_IO.New_Line;
            end Clear;
         or
            terminate;
         end select;
      end loop;
   end Display;
begin
   Display.Show ("hello");
   Display.Clear;
end Main;
"""


def lint(tmp_path, text, *opts):
    (tmp_path / ".git").mkdir(exist_ok=True)
    (tmp_path / "main.adb").write_text(text)
    return rdv2po("lint", *opts, "main.adb", cwd=tmp_path)


def test_not_servers_get_a_note_not_a_warning_by_default(tmp_path):
    """No finding asks to eliminate them, but each says why it stays (issue 33, item
    11: every task that looks like a server gets a line); the exit status stays 0."""
    for text in (PERIODIC, POLLING, WORKER, TWO_CALLS):
        r = lint(tmp_path, text)
        assert r.returncode == 0, (text.splitlines()[2], r.stdout)
        lines = [ln for ln in r.stdout.splitlines() if not ln.startswith("  ")]
        assert lines and "warning" not in r.stdout, r.stdout
        for line in lines:
            assert ": note: " in line and line.endswith("[RDV006]"), line
        assert "scheme refuses it: " in lines[-1], lines


def test_rdv006_says_what_each_one_is(tmp_path):
    want = {"PERIODIC": ("Main.Cleaner is a periodic task", "main.adb:14:13:"),
            "POLLING": ("Main.Consumer is a polling task", "main.adb:10:10:"),
            "WORKER": ("Main.Stage is a worker", "main.adb:19:22:"),
            "TWO_CALLS": ("Main.Starter is not a calling server", "main.adb:28:10:")}
    for name, (says, where) in want.items():
        r = lint(tmp_path, globals()[name], "--select", "RDV006")
        assert r.returncode == 1, (name, r.stderr)     # asked for by name: it counts
        [line] = [ln for ln in r.stdout.splitlines() if ln.startswith(where)]
        assert says in line and line.endswith("[RDV006]"), line
    r = lint(tmp_path, TWO_CALLS, "--select", "RDV006")
    assert "2 entry call(s) (W1.Start, W2.Start), none in a loop" in r.stdout


def test_a_display_server_is_a_server_the_caller_runs_scheme_eliminates(tmp_path):
    r = lint(tmp_path, DISPLAY)
    assert r.returncode == 1
    [line] = r.stdout.splitlines()
    assert line.startswith("main.adb:3:4: warning: task Main.Display is an accepting server, "
                           "eliminable by the caller-runs-server scheme"), line
    assert "runs the server's code in the caller's thread outside any protected action" \
        in line and line.endswith("[RDV001]")
    assert lint(tmp_path, DISPLAY, "--select", "RDV006").stdout == ""


def test_a_display_server_no_scheme_takes_is_reported_with_every_obstacle(tmp_path):
    # Clear called in two abortable parts: the caller-runs scheme refuses the program
    # with two obstacles, no fewer than the accepting scheme's two, whose refusal is
    # reported (rewrite._translate)
    atc = "   select\n      delay 1.0;\n   then abort\n      Display.Clear;\n   end select;\n"
    timed = DISPLAY.replace("   Display.Clear;\n", atc + atc)
    r = lint(tmp_path, timed)
    assert r.returncode == 1
    # one finding for the task, at its first obstacle; the other scheme's refusal and
    # the other obstacle are its notes
    [line, scheme, other] = r.stdout.splitlines()
    assert "the caller-runs-server scheme refuses it too" in scheme
    assert line.startswith("main.adb:13:28: warning: task Main.Display is an accepting server")
    assert "Ada.Text_IO.Put_Line" in line and line.endswith("[RDV003]")
    assert other.startswith("  main.adb:17:28: note: call of Ada.Text_IO.New_Line: would run")
    assert lint(tmp_path, timed, "--select", "RDV006").stdout == ""


def test_a_calling_server_that_hands_out_work_in_a_loop_is_still_reported(tmp_path):
    looped = TWO_CALLS.replace("W1, W2 : Worker;", "Pool : array (1 .. 2) of Worker;").replace(
        "      W1.Start (1);\n      W2.Start (2);\n",
        "      for I in Pool'Range loop\n         Pool (I).Start (I);\n      end loop;\n")
    r = lint(tmp_path, looped)
    assert r.returncode == 1 and "Main.Starter is a calling server" in r.stdout, r.stdout
    assert "[RDV003]" in r.stdout


def test_names_of_the_program_are_collected_once_not_per_task(tmp_path, monkeypatch):
    """200 servers in one file took 7.9 s, 50 took 1.1 s: every task's translation
    collected every identifier of the program again.  Now once per file."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parents[1] / "bench"))
    import lint_speed
    from rdv2po.frontend.analysis import Options
    from rdv2po.lint import engine, registry
    from rdv2po.frontend.workspace import FileUnit

    n = 30
    (tmp_path / "servers.adb").write_text(
        "procedure Servers is\n" + "".join(lint_speed.SERVER.format(i=i) for i in range(n))
        + "begin\n" + "".join(f"   S{i}.Put ({i});\n" for i in range(n)) + "end Servers;\n")
    asked = []
    real = FileUnit.nodes_of_type

    def counting(self, kind):
        if kind == "identifier":
            asked.append(self.base)
        return real(self, kind)
    monkeypatch.setattr(FileUnit, "nodes_of_type", counting)
    monkeypatch.chdir(tmp_path)
    result = engine.run(engine.LintOptions(Options(paths=(".",)), registry.enabled(None, []),
                                           verify=False))
    assert len(result.findings) == n and {f.rule for f in result.findings} == {"RDV001"}
    assert len(asked) < n, len(asked)


PACED = """\
procedure Main is
   task Counter is
      entry Add (X : Integer);
   end Counter;

   task body Counter is
      Total : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Total := Total + X;
            end Add;
         or
            terminate;
         end select;
         delay 0.001;
      end loop;
   end Counter;
begin
   Counter.Add (1);
end Main;
"""


def test_a_server_that_paces_itself_or_reports_a_failure_is_still_a_server(tmp_path):
    r = lint(tmp_path, PACED)
    assert r.returncode == 1 and "main.adb:17:10:" in r.stdout and "[RDV003]" in r.stdout, \
        r.stdout
    # Printing only in an exception handler of the loop is no work of its own.
    handler = DISPLAY.replace("               Ada.Text_IO.Put_Line (Line);\n", "").replace(
        "            accept Show (Line : String) do\n            end Show;",
        "            accept Show (Line : String);").replace(
        "         end select;\n      end loop;",
        "         end select;\n      end loop;\n   exception\n      when others =>\n"
        "         Ada.Text_IO.Put_Line (\"display failed\");")
    handler = handler.replace(
        "         select\n            accept Show (Line : String);",
        "         begin\n         select\n            accept Show (Line : String);").replace(
        "         end select;\n      end loop;",
        "         end select;\n         exception\n            when others =>\n"
        "               Ada.Text_IO.Put_Line (\"failed\");\n         end;\n      end loop;")
    assert "exception" in handler and "begin\n         select" in handler
    r = lint(tmp_path, handler, "--select", "RDV003,RDV006")
    assert "[RDV006]" not in r.stdout, r.stdout


def test_gnat_packages_are_named_as_written(tmp_path):
    worker = WORKER.replace("with Ada.Text_IO;", "with GNAT.IO;").replace(
        "Ada.Text_IO.Get_Line", "GNAT.IO.Get_Line")
    r = lint(tmp_path, worker, "--select", "RDV006")
    assert "call of GNAT.IO.Get_Line outside its accept bodies" in r.stdout, r.stdout


def test_each_obstacle_is_named_for_what_it_is(tmp_path):
    # abort and 'Callable of a single task are kept by the object (Abort_Task,
    # Is_Callable), and by the caller-runs package too where the program has no
    # other task (caller_runs/aborts.py): no obstacle, the task is eliminable
    aborted = DISPLAY.replace("   Display.Clear;\n", "   Display.Clear;\n   abort Display;\n"
                              "   if Display'Callable then\n      null;\n   end if;\n")
    r = lint(tmp_path, aborted)
    assert "eliminable by the caller-runs-server scheme" in r.stdout \
        and "abort Display" not in r.stdout and "'Callable" not in r.stdout, r.stdout
    asked = "with Ada.Task_Identification; use Ada.Task_Identification;\n" + DISPLAY.replace(
        "   Display.Clear;\n", "   Display.Clear;\n   if Display'Identity = Null_Task_Id then\n"
        "      null;\n   end if;\n")
    r = lint(tmp_path, asked)
    # one obstacle for the caller-runs scheme, three for the accepting one: the
    # closest scheme's is reported (rewrite._translate), naming 'Identity
    assert "Display'Identity: the task is named by an attribute or aborted: a package is " \
           "not a task" in r.stdout, r.stdout


INIT_THEN_LOOP = """\
with Ada.Text_IO;
procedure Main is
   protected Board is
      procedure Post (V : Integer);
   private
      Sum : Integer := 0;
   end Board;
   protected body Board is
      procedure Post (V : Integer) is
      begin
         Sum := Sum + V;
      end Post;
   end Board;

   task Cruncher is
      entry Init (N : Integer);
   end Cruncher;
   task body Cruncher is
      Count : Integer;
      Done : Integer := 0;
   begin
      accept Init (N : Integer) do
         Count := N;
      end Init;
      loop
         Done := Done + 1;
         Board.Post (Done);
         exit when Done >= Count;
         delay 0.001;
      end loop;
      Ada.Text_IO.Put_Line ("crunched");
   end Cruncher;
begin
   Cruncher.Init (3);
end Main;
"""


def test_a_task_that_accepts_init_once_then_runs_its_own_loop_is_a_worker(tmp_path):
    """Real code's workers: ``accept Init`` once, then a loop of their own.  The
    caller-runs scheme refuses it (a delay after its last accept), and it is no
    server: a note, not RDV003."""
    r = lint(tmp_path, INIT_THEN_LOOP)
    assert r.returncode == 0 and "[RDV003]" not in r.stdout, r.stdout
    [line] = [ln for ln in r.stdout.splitlines() if not ln.startswith("  ")]
    assert line.startswith("main.adb:25:7: note: task Main.Cruncher is a worker, kept: a loop "
                           "of its own after its first accept"), line
    assert line.endswith("[RDV006]"), line


def test_a_one_shot_server_without_a_loop_of_its_own_is_still_reported(tmp_path):
    # the same task delaying once after its accept: a one-shot server refused (main
    # prints after the call: the caller would not wait for the task's delay)
    once = INIT_THEN_LOOP.replace("      loop\n", "").replace(
        "         exit when Done >= Count;\n", "").replace("      end loop;\n", "").replace(
        "   Cruncher.Init (3);\n", "   Cruncher.Init (3);\n   Ada.Text_IO.Put_Line (\"main\");\n")
    assert "loop" not in once.split("begin", 3)[-1]
    r = lint(tmp_path, once)
    assert r.returncode == 1 and "[RDV003]" in r.stdout and "[RDV006]" not in r.stdout, \
        r.stdout
    assert "task Main.Cruncher is " in r.stdout, r.stdout
