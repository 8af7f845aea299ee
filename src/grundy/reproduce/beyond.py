"""Values grundy computed beyond the papers, each rechecked in part by every run."""
