"""Each phone's language: choosing it, its catalogs, and the words the pages and scripts say."""
