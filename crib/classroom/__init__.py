"""What happens in a class: a session's results (:mod:`crib.classroom.results`), class
tournaments (:mod:`crib.classroom.tournament`) and the rule for a name
(:mod:`crib.classroom.names`).  Nothing here reads or writes the record: the stores of
:mod:`crib.store` persist what these modules compute."""
