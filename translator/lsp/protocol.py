"""JSON-RPC as the specification has it where pygls 2.1 falls short: every request
gets an answer.

pygls reads a request whose parameters do not fit the method's type as a
failure of the connection: it logs it and pops up "Error in server", and
the client waits for an answer that never comes.  Here such a request is
answered with Invalid Params (-32602) under its id, and a body that is not
JSON at all with Parse Error (-32700, no id, as JSON-RPC 2.0 says); both
go to the log, not in the user's face.
"""

from __future__ import annotations

import json
import logging

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInternalError
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

log = logging.getLogger(__name__)


class _Answered:
    """A request already answered with an error: nothing more to do with it."""
    jsonrpc = ""


class Protocol(LanguageServerProtocol):
    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if not ("jsonrpc" in data and "id" in data and "method" in data):
                raise
            self._send_response(data["id"], error=exc.to_response_error())
            return _Answered()
        except Exception as exc:    # a message pygls itself cannot read
            if not ("jsonrpc" in data and "id" in data and "method" in data):
                raise
            self._send_response(data["id"],
                                error=JsonRpcInternalError.of(exc).to_response_error())
            return _Answered()

    def handle_message(self, message):
        if isinstance(message, _Answered):
            return None
        return super().handle_message(message)


class Server(LanguageServer):
    def __init__(self, name: str, version: str) -> None:
        super().__init__(name, version, protocol_cls=Protocol)

    def report_server_error(self, error: Exception, source) -> None:
        if isinstance(error, json.JSONDecodeError):
            self.protocol._send_response(None, error=types.ResponseError(
                code=-32700, message=f"Parse error: {error}"))
        try:
            self.window_log_message(types.LogMessageParams(
                type=types.MessageType.Error, message=f"rdv2po lsp: {error!r}"))
        except Exception:     # the connection itself is gone: the exit comes next
            log.error("%r", error)
