"""The voxel puzzle plugin."""
