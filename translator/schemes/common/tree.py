"""Small questions about the syntax tree that every scheme asks."""

from __future__ import annotations

from ...syntax import Node


def is_within(node: Node, outer: Node) -> bool:
    """Is ``node`` part of ``outer`` (same tree, within its range)?"""
    root = node
    while root.parent is not None:
        root = root.parent
    outer_root = outer
    while outer_root.parent is not None:
        outer_root = outer_root.parent
    return root == outer_root and outer.start_byte <= node.start_byte <= node.end_byte <= outer.end_byte


def innermost_accept(node: Node) -> Node | None:
    """The accept statement ``node`` is directly or indirectly in, if any."""
    p = node.parent
    while p is not None and p.type != "accept_statement":
        p = p.parent
    return p


def line_start(data: bytes, offset: int) -> int:
    """The offset of the first byte of the line holding ``offset``."""
    return data.rfind(b"\n", 0, offset) + 1
