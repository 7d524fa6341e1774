"""A generated tree of library units, shaped as large code bases are, for the lint's speed.

``write(root, units)`` makes ``root/lib/`` with ``units`` library packages
(``Part_0001`` ..., a spec and a body each, about 90 lines) and
``root/examples/demo_K/main.adb``, a few small programs whose file names
repeat (so the tree is judged program by program, as an ``examples/`` tree
is):
- one unit of a hundred declares a server task (``Store``: an accepting
  server the schemes eliminate);
- a quarter of the units call a server's entries, the one of their own
  hundred (their bodies ``with`` its unit);
- each unit's spec ``with``s its parent in a binary tree of units (depth
  log2 N, as a layered library's dependencies are, not a chain of N);
- the rest is ordinary code: types, a protected counter, subprograms with
  loops and text output, so that parsing costs what real code costs.
Every unit compiles with GNAT; the programs build and run.
"""

from __future__ import annotations

from pathlib import Path

SERVER_EVERY = 100
CALLER_EVERY = 4
DEMOS = 4

SPEC = """\
{withs}package {name} is
   type Reading is record
      Id    : Natural := 0;
      Value : Integer := 0;
      Valid : Boolean := False;
   end record;

   type Reading_Array is array (Positive range <>) of Reading;

   function Sum (Items : Reading_Array) return Integer;
   function Count_Valid (Items : Reading_Array) return Natural;
   procedure Report (Item : Reading);
   procedure Use_Parent;
{server_spec}
   protected Counter is
      procedure Add (N : Integer);
      function Total return Integer;
   private
      Acc : Integer := 0;
   end Counter;
end {name};
"""

BODY = """\
{withs}with Ada.Text_IO;
package body {name} is
   function Sum (Items : Reading_Array) return Integer is
      Result : Integer := 0;
   begin
      for I in Items'Range loop
         if Items (I).Valid then
            Result := Result + Items (I).Value;
         end if;
      end loop;
      return Result;
   end Sum;

   function Count_Valid (Items : Reading_Array) return Natural is
      N : Natural := 0;
   begin
      for Item of Items loop
         if Item.Valid then
            N := N + 1;
         end if;
      end loop;
      return N;
   end Count_Valid;

   procedure Report (Item : Reading) is
   begin
      if Item.Valid then
         Ada.Text_IO.Put_Line ("reading" & Natural'Image (Item.Id) & " ="
                               & Integer'Image (Item.Value));
      else
         Ada.Text_IO.Put_Line ("reading" & Natural'Image (Item.Id) & " invalid");
      end if;
   end Report;

   procedure Use_Parent is
   begin
{use_parent}
   end Use_Parent;

   protected body Counter is
      procedure Add (N : Integer) is
      begin
         Acc := Acc + N;
      end Add;

      function Total return Integer is
      begin
         return Acc;
      end Total;
   end Counter;
{server_body}end {name};
"""

SERVER_SPEC = """
   task Store is
      entry Deposit (Amount : Integer);
      entry Balance (Amount : out Integer);
   end Store;
"""

SERVER_BODY = """
   task body Store is
      Held : Integer := 0;
   begin
      loop
         select
            accept Deposit (Amount : Integer) do
               Held := Held + Amount;
            end Deposit;
         or
            accept Balance (Amount : out Integer) do
               Amount := Held;
            end Balance;
         or
            terminate;
         end select;
      end loop;
   end Store;
"""

DEMO = """\
with Ada.Text_IO;
with {server};
procedure Main is
   task Relay is
      entry Pass (N : Integer);
      entry Last (N : out Integer);
   end Relay;

   task body Relay is
      Seen : Integer := 0;
   begin
      loop
         select
            accept Pass (N : Integer) do
               Seen := N;
            end Pass;
         or
            accept Last (N : out Integer) do
               N := Seen;
            end Last;
         or
            terminate;
         end select;
      end loop;
   end Relay;

   Got : Integer;
begin
   Relay.Pass ({k});
   Relay.Last (Got);
   {server}.Store.Deposit (Got);
   {server}.Store.Balance (Got);
   Ada.Text_IO.Put_Line ("demo {k}:" & Integer'Image (Got));
end Main;
"""


def unit_name(i: int) -> str:
    return f"Part_{i:04d}"


def _server_of(i: int) -> int:
    """The server unit a caller unit calls: the one of its own hundred."""
    return (i // SERVER_EVERY) * SERVER_EVERY


def _unit(i: int) -> tuple[str, str]:
    name = unit_name(i)
    parent = i // 2 if i > 1 else None
    withs = f"with {unit_name(parent)};\n" if parent is not None else ""
    is_server = i % SERVER_EVERY == 0
    calls = not is_server and i % CALLER_EVERY == 1
    use, body_withs = [], ""
    if parent is not None:
        use.append(f"      {unit_name(parent)}.Counter.Add ({i});")
    if calls:
        # the server is the body's business: its clients' clients do not read it
        server = unit_name(_server_of(i))
        if server != unit_name(parent or -1):
            body_withs = f"with {server};\n"
        use.append(f"      {server}.Store.Deposit ({i});")
    use.append(f"      Counter.Add ({i});")
    spec = SPEC.format(withs=withs, name=name, server_spec=SERVER_SPEC if is_server else "")
    body = BODY.format(withs=body_withs, name=name, use_parent="\n".join(use),
                       server_body=SERVER_BODY if is_server else "")
    return spec, body


def write(root: Path, units: int) -> Path:
    """The tree of ``units`` library units (numbered from 0) and a few demos."""
    lib = root / "lib"
    lib.mkdir(parents=True)
    for i in range(units):
        spec, body = _unit(i)
        stem = unit_name(i).lower()
        (lib / f"{stem}.ads").write_text(spec)
        (lib / f"{stem}.adb").write_text(body)
    for k in range(1, DEMOS + 1):
        demo = root / "examples" / f"demo_{k}"
        demo.mkdir(parents=True)
        server = unit_name(_server_of(k * units // (DEMOS + 1)))
        (demo / "main.adb").write_text(DEMO.format(server=server, k=k))
    return root


def servers(units: int) -> int:
    return len(range(0, units, SERVER_EVERY))
