"""The live push: websockets of the table and night pages, and what bounds them."""
