"""The five lessons' notebooks, in English and French (installed as ``crib.notebooks.lessons``)."""
