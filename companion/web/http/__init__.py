"""What every request shares: its input, the cookie, links, errors, limits, security and assets."""
