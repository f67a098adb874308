"""The shared kit every page builds from: the card view, small widgets, page keys, the
navigation bar and skeleton, charts, friendly errors and the strength ladder."""
