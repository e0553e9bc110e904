"""The semantic diff of a title's files: what changed between two versions of a scenario, OOB,
map, parameter or weather file, said the way a designer says it ("Objective Bastogne: 100 → 150
VP", "12 hexes of forest painted around [41, 18]"), for `hexwright diff` and the editor's
Compare. Qt-free and engine-free; one module per concern: `changes` (one change and its
sentence), `files` (the two sides and the report), `kinds` (each file kind's rules), `walk`
(models compared by stable id), `maps` (painted regions), `names`, `report` (text, Markdown,
JSON)."""
