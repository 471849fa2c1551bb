# Helpers that give back the DataFrame they are handed, funnelled or not;
# returned_job.py writes what they give back.


def one(df):
    return df.coalesce(1)


def two(df):
    return df.coalesce(2)
