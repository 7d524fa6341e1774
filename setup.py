"""rdv2po: rewrite Ada server tasks into protected objects.

The package lives in translator/ and installs as ``rdv2po`` (package_dir),
a name no other distribution on PyPI uses for a top-level module.
"""

import re
from pathlib import Path

from setuptools import find_packages, setup

VERSION = re.search(r'__version__ = "([^"]+)"',
                    Path(__file__).with_name("translator").joinpath("__init__.py")
                    .read_text()).group(1)

setup(
    name="rdv2po",
    version=VERSION,
    description="Find Ada server tasks and rewrite them into protected objects",
    long_description=Path(__file__).with_name("README.md").read_text(),
    long_description_content_type="text/markdown",
    python_requires=">=3.11",
    # rules/ holds the lint rules, one module each; installed as rdv2po_rules.
    # every package under translator/ (a new scheme's folder needs no line here)
    packages=["rdv2po", *(f"rdv2po.{p}" for p in find_packages("translator")), "rdv2po_rules"],
    package_dir={"rdv2po": "translator", "rdv2po_rules": "rules"},
    install_requires=[
        "tree-sitter>=0.23,<0.27",
        "tree-sitter-ada>=0.9,<0.10",
    ],
    # jsonschema: the SARIF test validates against the official schema;
    # pre-commit: the hook test runs the real client.
    # bench: the plots of 'rdv2po bench' (the reports are written without it);
    # lsp: 'rdv2po lsp' speaks the protocol through pygls (lsprotocol's types);
    # the server's tests drive it with pygls's client.
    extras_require={"test": ["pytest>=7", "jsonschema>=4.18", "pre-commit>=3.5"],
                    "bench": ["matplotlib>=3.6"],
                    "lsp": ["pygls>=2.0,<3", "lsprotocol>=2025.0.0"]},
    entry_points={"console_scripts": ["rdv2po = rdv2po.cli:main"]},
    classifiers=["Programming Language :: Ada", "Programming Language :: Python :: 3"],
)
