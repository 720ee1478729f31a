"""Groups: friends who play casually (no organiser, no night); the tables made from a group's link
belong to it, and its page adds their plays up."""
