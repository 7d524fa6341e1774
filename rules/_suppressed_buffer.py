"""The Ada program the suppression rules' examples share: one eliminable server."""

from __future__ import annotations

from rdv2po.lint.rule import Example

BUFFER = """\
procedure Main is
{before}
   task Buffer is
      entry Put (X : Integer);
   end Buffer;

   task body Buffer is
      Total : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Total := Total + X;
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Buffer;
{after}
begin
   Buffer.Put (1);
end Main;
"""


def example(before: str, after: str = "") -> Example:
    return Example((("main.adb", BUFFER.format(before=before, after=after)),))
