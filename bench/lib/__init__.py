"""What the benches share: servers, phones, clients, a night played on paper, and statistics."""
