"""``rdv2po profile``: how far a program is from the Ravenscar and Jorvik
tasking profiles (RM D.13), as written and as the default schemes would
rewrite it.  GNAT finds the violations (the profile's configuration pragma in
a private mirror); this package maps them back to the user's lines, groups
them and judges what the translation itself adds (docs/profiles.md)."""
