"""RDV010: a suppression comment without a justification."""

from rdv2po.lint.rule import Rule

from ._suppressed_buffer import example


def check(ctx):
    for s in ctx.suppressions:
        if not s.problem and not s.justification:
            yield RULE.finding(s.loc, rules=", ".join(s.rule_ids),
                               form="rule line off" if s.form == "line" else "rule off")


RULE = Rule(
    id="RDV010",
    name="unjustified-suppression",
    severity="warning",
    summary="A '--## rule off' comment that does not say why.",
    message=("suppression of {rules} has no justification: write why after '##' "
             "('--## {form} {rules} ## reason')"),
    rationale="""\
A suppression turns a finding off for good; the next reader needs to know
why the task must stay a task (it is there for parallelism, a timing
requirement, an interface with hardware, ...).  As in GNATcheck and
AdaControl, the justification follows a second '##' on the same comment.
The suppression still applies; this finding asks for the reason.""",
    flagged=example("   --## rule off RDV001 -- FLAG", "   --## rule on RDV001"),
    clean=example("   --## rule off RDV001 ## Buffer stays a task: profiled, not hot",
                  "   --## rule on RDV001"),
    check=check, phase=2)
