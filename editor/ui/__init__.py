"""Qt widgets: they present and schedule; the answers come from the Qt-free packages."""
