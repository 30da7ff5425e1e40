"""Reading evaluation files: line-aligned text files and JSON Lines, read whole from bytes (as the
explorer gets them, ``textio``) or line by line while they are scored (``filestream``, memory
flat in their length), with errors that name the file, the line and what is wrong. May import:
:mod:`charsim.metric`.
"""
