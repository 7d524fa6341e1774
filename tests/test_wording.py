"""Constructs are named in the RM's words, with the right article (found on real code:
'a pragma g in the task body', 'an use clause')."""

import pytest

from rdv2po.frontend.syntax import construct_name


@pytest.mark.parametrize("node_type, words", [
    ("pragma_g", "a pragma"), ("use_clause", "a use clause"),
    ("object_declaration", "an object declaration"), ("if_statement", "an if statement"),
    ("exception_declaration", "an exception declaration"),
    ("full_type_declaration", "a type declaration"),
    ("subprogram_body", "a subprogram body"), ("unknown_discriminant_part",
                                               "an unknown discriminant part"),
])
def test_a_construct_is_named_as_an_engineer_names_it(node_type, words):
    assert construct_name(node_type) == words
