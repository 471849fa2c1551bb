env = "prod"
