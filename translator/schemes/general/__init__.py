"""general"""
