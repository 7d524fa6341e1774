"""The front end: from the files given to the model of every task.

Reading and decoding (sources), parsing (syntax), the files and their trees
(workspace), GNAT and its cross references (gnat, toolchain, ali, xref), the
model's construction (analysis, extract, decls, body_structure, structure,
site, calls, blocking) and classification (classify).

May import: the shared modules at the package's top (model, diagnostics,
scratch, interrupt). Never write/, schemes/, lint/, bench/ or the command line.
"""
