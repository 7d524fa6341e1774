"""RDV005 (off by default): rendezvous between peer tasks inside a loop -- kept, on purpose."""

from rdv2po.lint.rule import Example, Rule

from .rdv003_server_not_eliminable import CLEAN as PEERS


def check(ctx):
    for c in ctx.loop_calls:
        yield RULE.finding(c.site.loc, c.site.caller_task,
                           details={"callee": c.callee.qualified_name, "entry": c.entry},
                           callee=c.callee.qualified_name, entry=c.entry,
                           caller=c.site.caller_task)


FLAGGED = Example(tuple((name, text.replace("Ponger.Ping (I);", "Ponger.Ping (I);  -- FLAG")
                         .replace("Pinger.Pong (Got + 1);", "Pinger.Pong (Got + 1);  -- FLAG"))
                        for name, text in PEERS.files))

CLEAN = Example((("main.adb", """\
--  A client calling a server in a loop is not message passing between
--  peers: the server is a candidate for elimination (RDV001), not a peer.
procedure Main is
   task Counter is
      entry Add (N : Integer);
   end Counter;

   task body Counter is
      Total : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Total := Total + N;
            end Add;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   task Client;

   task body Client is
   begin
      for I in 1 .. 100 loop
         Counter.Add (I);
      end loop;
   end Client;
begin
   null;
end Main;
"""),))

RULE = Rule(
    id="RDV005",
    name="peer-rendezvous-in-loop",
    severity="note",
    summary="Off by default: a rendezvous in a loop between peer tasks, kept as it is.",
    message=("rendezvous with peer task {callee} (entry {entry}) in a loop of {caller}: message "
             "passing between peers, kept (each call still switches threads; no server "
             "scheme applies)"),
    rationale="""\
The paper's advice (section 8) is to replace server tasks, and to keep the
rendezvous where tasks "communicate data in a message-passing style between
peers (and not between client/servers)".  A peer, for rdv2po, is a task that
serves entries in a loop and also calls other tasks' entries outside its
accept bodies: it exchanges messages as an active participant (a pipeline
stage that forwards what it receives, one side of a ping-pong).  The server
schemes refuse such tasks, and the lint does not report them as servers
(RDV001 to RDV004 skip them).

This rule is off by default because there is nothing to change.  Select it
(--select RDV005) to list, for a review of hot paths, the rendezvous that
stay: every entry call made in a loop of a task body to a peer's entry.
Each one still costs a switch to the peer's thread and back; if a pair of
peers exchanges many small messages, a protected buffer between them (so
that neither waits for the other) may be worth measuring.""",
    flagged=FLAGGED, clean=CLEAN, check=check, default=False)
