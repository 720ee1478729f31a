"""What the benches share: servers, phones, clients and statistics."""
