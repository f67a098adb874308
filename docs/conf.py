"""Sphinx configuration of crib's documentation (make docs; make test builds it too).

The pages are Markdown (MyST); the API reference is autodoc over the package's docstrings.
"""

import gc
import sys
from pathlib import Path

# autodoc imports this checkout's crib, whatever copy the environment has installed
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from crib.version import __version__  # noqa: E402

project = "crib"
release = __version__
version = __version__

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

# headings get GitHub's anchors (#a-lesson-on-the-school-network-step-by-step), so a link
# such as server.md#sizing-one-machine works both on GitHub and in the built pages
myst_heading_anchors = 4

autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
    # the packages re-export their modules' names in __all__; each name is documented
    # once, in the module that defines it (else Sphinx warns of duplicate descriptions)
    "ignore-module-all": True,
}
autodoc_member_order = "bysource"
# signatures without their annotations (they are in the source): reading and linking the
# annotations of some 1,500 objects took about 4 s of a 22 s build.  "signature" puts them
# back, and with them a warning for each annotation that names Question or Table, two
# short names of two classes each (then add suppress_warnings = ["ref.python"])
autodoc_typehints = "none"
# crib annotates in the code, never in type comments: not looking for them saves about
# a tenth of the build (an option of Sphinx 8.2; older versions ignore the name)
autodoc_use_type_comments = False

html_theme = "pydata_sphinx_theme"
html_title = f"crib {release}"
html_static_path = ["_static"]
html_theme_options = {
    "navigation_with_keys": False,
    # every top-level page in the header, none under "More"
    "header_links_before_dropdown": 7,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_show_sourcelink = False
html_copy_source = False


def setup(app):
    # the build leaves millions of objects for the process's exit to free; the garbage
    # collector's last pass over them took 3-4 s at the exit, and gc.freeze() leaves
    # them out of it (the memory goes back with the process)
    app.connect("build-finished", lambda app, exception: gc.freeze())
