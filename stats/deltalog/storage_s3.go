package deltalog

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/config"
)

// s3Store reads one S3 bucket through the S3 REST API. Requests are signed
// by the AWS SDK's SigV4 signer with credentials from the SDK's standard
// chain (environment, shared config and credentials files, SSO, web
// identity, container and instance roles); only the three calls lakelint
// makes are spoken here, which spares the build the whole S3 client.
type s3Store struct {
	http     *http.Client
	creds    aws.CredentialsProvider
	signer   *v4.Signer
	bucket   string
	region   string
	endpoint string // custom endpoint (MinIO, LocalStack), path-style; "" for AWS
}

// emptySHA256 is the payload hash of a request without a body.
const emptySHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

func newS3Store(ctx context.Context, bucket string) (*s3Store, error) {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, err
	}
	s := &s3Store{
		http:   http.DefaultClient,
		creds:  cfg.Credentials,
		signer: v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true }), // S3 keys are escaped once
		bucket: bucket,
		region: cfg.Region,
	}
	if s.region == "" {
		s.region = "us-east-1" // S3 names the bucket's own region if it is another
	}
	s.endpoint = os.Getenv("AWS_ENDPOINT_URL_S3")
	if s.endpoint == "" && cfg.BaseEndpoint != nil {
		s.endpoint = *cfg.BaseEndpoint
	}
	s.endpoint = strings.TrimSuffix(s.endpoint, "/")
	return s, nil
}

// objectURL is the URL of key ("" for the bucket itself).
func (s *s3Store) objectURL(key string) string {
	var path strings.Builder
	for seg := range strings.SplitSeq(key, "/") {
		if path.Len() > 0 || key != "" {
			path.WriteByte('/')
		}
		path.WriteString(url.PathEscape(seg))
	}
	switch {
	case s.endpoint != "":
		return s.endpoint + "/" + s.bucket + path.String()
	case strings.Contains(s.bucket, "."): // a dotted name breaks the wildcard certificate
		return "https://s3." + s.region + "." + awsDomain(s.region) + "/" + s.bucket + path.String()
	}
	return "https://" + s.bucket + ".s3." + s.region + "." + awsDomain(s.region) + path.String()
}

func awsDomain(region string) string {
	if strings.HasPrefix(region, "cn-") {
		return "amazonaws.com.cn"
	}
	return "amazonaws.com"
}

// s3Error is the XML error body.
type s3Error struct {
	Code    string `xml:"Code"`
	Message string `xml:"Message"`
	Region  string `xml:"Region"`
}

// do sends a signed request, following a redirect to the bucket's region
// once and retrying throttling, server errors and dropped connections.
func (s *s3Store) do(ctx context.Context, method, key, query string, header http.Header, okStatus ...int) (*http.Response, error) {
	redirected := false
	for attempt := 0; ; attempt++ {
		u := s.objectURL(key)
		if query != "" {
			u += "?" + query
		}
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return nil, err
		}
		for k, v := range header {
			req.Header[k] = v
		}
		req.Header.Set("X-Amz-Content-Sha256", emptySHA256)
		creds, err := s.creds.Retrieve(ctx)
		if err != nil {
			return nil, fmt.Errorf("AWS credentials: %w", err)
		}
		if err := s.signer.SignHTTP(ctx, creds, req, emptySHA256, "s3", s.region, time.Now()); err != nil {
			return nil, err
		}
		resp, err := s.http.Do(req)
		retry := err != nil
		if err == nil {
			for _, ok := range okStatus {
				if resp.StatusCode == ok {
					return resp, nil
				}
			}
			body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
			resp.Body.Close()
			var e s3Error
			_ = xml.Unmarshal(body, &e)
			region := resp.Header.Get("X-Amz-Bucket-Region")
			if region == "" {
				region = e.Region
			}
			switch {
			case !redirected && s.endpoint == "" && region != "" && region != s.region &&
				(resp.StatusCode == http.StatusMovedPermanently || resp.StatusCode == http.StatusBadRequest):
				s.region, redirected = region, true
				attempt--
				continue
			case resp.StatusCode == http.StatusNotFound && e.Code != "NoSuchBucket":
				return nil, fs.ErrNotExist
			case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
				retry = true
				err = fmt.Errorf("s3://%s: HTTP %d %s", s.bucket, resp.StatusCode, e.Code)
			default:
				msg := e.Code
				if e.Message != "" {
					msg += ": " + e.Message
				}
				return nil, fmt.Errorf("s3://%s: HTTP %d %s", s.bucket, resp.StatusCode, strings.TrimSpace(msg))
			}
		}
		if !retry || attempt >= 2 || ctx.Err() != nil {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(200<<(2*attempt)) * time.Millisecond):
		}
	}
}

func (s *s3Store) list(ctx context.Context, prefix string) ([]Entry, error) {
	var out []Entry
	token := ""
	for {
		q := url.Values{"list-type": {"2"}, "prefix": {prefix}, "delimiter": {"/"}}
		if token != "" {
			q.Set("continuation-token", token)
		}
		resp, err := s.do(ctx, http.MethodGet, "", q.Encode(), nil, http.StatusOK)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("s3://%s: no such bucket", s.bucket)
		}
		if err != nil {
			return nil, err
		}
		var page struct {
			Contents []struct {
				Key  string `xml:"Key"`
				Size int64  `xml:"Size"`
			} `xml:"Contents"`
			IsTruncated           bool   `xml:"IsTruncated"`
			NextContinuationToken string `xml:"NextContinuationToken"`
		}
		err = xml.NewDecoder(io.LimitReader(resp.Body, 64<<20)).Decode(&page)
		resp.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("s3://%s: bad listing: %w", s.bucket, err)
		}
		for _, c := range page.Contents {
			out = append(out, Entry{Name: c.Key, Size: c.Size})
		}
		if !page.IsTruncated || page.NextContinuationToken == "" || page.NextContinuationToken == token {
			return out, nil
		}
		token = page.NextContinuationToken
	}
}

func (s *s3Store) size(ctx context.Context, key string) (int64, error) {
	resp, err := s.do(ctx, http.MethodHead, key, "", nil, http.StatusOK)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	if resp.ContentLength >= 0 {
		return resp.ContentLength, nil
	}
	return strconv.ParseInt(resp.Header.Get("Content-Length"), 10, 64)
}

func (s *s3Store) readRange(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	h := http.Header{"Range": {fmt.Sprintf("bytes=%d-%d", off, off+n-1)}}
	resp, err := s.do(ctx, http.MethodGet, key, "", h, http.StatusPartialContent, http.StatusOK)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusOK && off > 0 {
		resp.Body.Close()
		return nil, fmt.Errorf("s3://%s/%s: server ignored the byte range", s.bucket, key)
	}
	return resp.Body, nil
}
