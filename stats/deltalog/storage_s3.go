package deltalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
)

// s3Store reads one S3 bucket with the AWS SDK. Credentials, region and
// endpoint come from the SDK's standard chain (environment, shared config
// and credentials files, SSO, web identity, container and instance roles).
type s3Store struct {
	client *s3.Client
	bucket string
}

func newS3Store(ctx context.Context, bucket string) (*s3Store, error) {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, err
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1" // the SDK requires one; S3 redirects name the right one
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		// A custom endpoint (AWS_ENDPOINT_URL_S3: MinIO, LocalStack) is
		// almost always path-style.
		o.UsePathStyle = o.BaseEndpoint != nil
		// Only checksums the server sends are checked; ranged reads carry none.
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	return &s3Store{client: client, bucket: bucket}, nil
}

func (s *s3Store) list(ctx context.Context, prefix string) ([]Entry, error) {
	p := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{
		Bucket:    aws.String(s.bucket),
		Prefix:    aws.String(prefix),
		Delimiter: aws.String("/"),
	})
	var out []Entry
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, o := range page.Contents {
			out = append(out, Entry{Name: aws.ToString(o.Key), Size: aws.ToInt64(o.Size)})
		}
	}
	return out, nil
}

func (s *s3Store) size(ctx context.Context, key string) (int64, error) {
	h, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil {
		var nf *types.NotFound
		var api smithy.APIError
		if errors.As(err, &nf) || (errors.As(err, &api) && api.ErrorCode() == "NoSuchKey") {
			return 0, fs.ErrNotExist
		}
		return 0, err
	}
	return aws.ToInt64(h.ContentLength), nil
}

func (s *s3Store) readRange(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
		Range:  aws.String(fmt.Sprintf("bytes=%d-%d", off, off+n-1)),
	})
	if err != nil {
		return nil, err
	}
	return out.Body, nil
}
