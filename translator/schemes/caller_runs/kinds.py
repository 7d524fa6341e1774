"""What GNAT's cross references say of a type, for the checks that its objects are
made without evaluating anything (objects.py, holders.py)."""

# ALI entity kinds of types and named numbers (upper case; objects are lower case)
TYPE_KINDS = set("ABCDEFHIMNOPRSTW")
# ALI kinds of types whose objects are made without evaluating anything: scalars
# and access types (null)
QUIET_KINDS = set("BDEFIMOP")
QUIET_STANDARD = {"integer", "natural", "positive", "boolean", "character", "float",
                  "string", "duration", "wide_character", "wide_string", "long_integer",
                  "long_long_integer", "short_integer", "short_short_integer", "long_float",
                  "long_long_float", "short_float"}
# Standard subtypes every value of their type belongs to: a literal or an object of
# the type converts to them without a check that can fail
UNCONSTRAINED_SCALARS = {"integer", "boolean", "character", "float", "long_integer",
                         "long_long_integer", "long_float", "duration", "wide_character"}
