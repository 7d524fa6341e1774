"""RDV011: a suppression comment that hides no finding."""

from rdv2po.lint.rule import Rule

from ._suppressed_buffer import example


def check(ctx):
    for i, s in enumerate(ctx.suppressions):
        if s.problem or i in ctx.used or not all(r in ctx.enabled for r in s.rule_ids):
            continue     # a rule this run does not check may still need it
        yield RULE.finding(s.loc, rules=", ".join(s.rule_ids),
                           where="this line" if s.form == "line" else
                           f"lines {s.first} to {s.last}")


RULE = Rule(
    id="RDV011",
    name="unused-suppression",
    severity="warning",
    summary="A suppression comment that hides no finding (the code changed, or the "
            "comment is in the wrong place).",
    message="suppression of {rules} hides no finding on {where}: remove it, or move it "
            "to the finding's line or the task's declaration",
    rationale="""\
A suppression that no longer hides anything is misleading: the task it was
written for was rewritten or removed, or the comment sits on a line where
no finding is reported (a finding about a task can be suppressed at its own
line or at the task's declaration).  Unused suppressions are reported only
for rules the run checks, so '--select' cannot make them look unused.""",
    flagged=example("", "   --## rule off RDV003 ## kept: a peer of the display task -- FLAG"),
    clean=example("   --## rule off RDV001 ## Buffer stays a task: profiled, not hot",
                  "   --## rule on RDV001"),
    check=check, phase=2)
