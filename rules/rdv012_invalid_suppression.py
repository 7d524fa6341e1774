"""RDV012: a '--##' comment rdv2po cannot read as a suppression."""

from rdv2po.lint.rule import Rule

from ._suppressed_buffer import example


def check(ctx):
    for s in ctx.suppressions:
        if s.problem:
            yield RULE.finding(s.loc, problem=s.problem)


RULE = Rule(
    id="RDV012",
    name="invalid-suppression",
    severity="warning",
    summary="A '--##' comment that is not a valid suppression: a typo, an unknown rule, "
            "a 'rule on' without 'rule off'.",
    message="{problem}",
    rationale="""\
Comments starting with '--##' are suppression comments (the GNATcheck and
AdaControl convention).  One that cannot be read suppresses nothing, which
the author did not mean: a misspelt keyword, a rule id that does not exist,
or a 'rule on' with no 'rule off' before it in the same file.""",
    flagged=example("   --## rule of RDV001 ## typo in the keyword -- FLAG\n"
                    "   --## rule off RDV999 ## no such rule -- FLAG",
                    "   --## rule on RDV002 -- FLAG"),
    clean=example("   --## rule off RDV001 ## Buffer stays a task: profiled, not hot",
                  "   --## rule on RDV001"),
    check=check, phase=2)
