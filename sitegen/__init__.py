"""Build-time generators for the site: MkDocs hooks in hooks/ only dispatch here.

Nothing in this package runs in the browser; it may import engine, diagrams and catalogues.
"""
