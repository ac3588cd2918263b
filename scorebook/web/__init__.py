"""What every feature's views share about the web: which address a request comes from, the rate
limits, and the site's own error pages. Below the features: it imports no feature."""
