package deltalog

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blob"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/bloberror"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/container"
)

// azureStore reads one Azure Blob Storage (ADLS Gen2) container.
type azureStore struct {
	client *container.Client
}

// newAzureStore signs in with, in order: a shared key in AZURE_STORAGE_KEY,
// a SAS token in AZURE_STORAGE_SAS_TOKEN, a connection string in
// AZURE_STORAGE_CONNECTION_STRING (account key or SAS; its BlobEndpoint,
// e.g. Azurite's, replaces the account's endpoint), or azidentity's default
// chain (environment service principal, workload identity, managed
// identity, Azure CLI, Azure Developer CLI). opts is nil but in tests.
func newAzureStore(loc blobLocation, opts *container.ClientOptions) (*azureStore, error) {
	containerURL := "https://" + loc.account + "." + loc.domain + "/" + url.PathEscape(loc.bucket)
	if key := os.Getenv("AZURE_STORAGE_KEY"); key != "" {
		cred, err := blob.NewSharedKeyCredential(loc.account, key)
		if err != nil {
			return nil, fmt.Errorf("AZURE_STORAGE_KEY: %w", err)
		}
		c, err := container.NewClientWithSharedKeyCredential(containerURL, cred, opts)
		return &azureStore{client: c}, err
	}
	if sas := os.Getenv("AZURE_STORAGE_SAS_TOKEN"); sas != "" {
		c, err := container.NewClientWithNoCredential(containerURL+"?"+strings.TrimPrefix(sas, "?"), opts)
		return &azureStore{client: c}, err
	}
	if cs := connectionString(); cs != "" {
		return newAzureStoreFromConnectionString(cs, loc, opts)
	}
	var credOpts *azidentity.DefaultAzureCredentialOptions
	if opts != nil {
		credOpts = &azidentity.DefaultAzureCredentialOptions{ClientOptions: opts.ClientOptions}
	}
	cred, err := azidentity.NewDefaultAzureCredential(credOpts)
	if err != nil {
		return nil, err
	}
	return newAzureStoreWith(containerURL, cred, opts)
}

// connectionString is the storage connection string from the environment,
// under either of the names Azure's tools use.
func connectionString() string {
	if cs := os.Getenv("AZURE_STORAGE_CONNECTION_STRING"); cs != "" {
		return cs
	}
	return os.Getenv("AZURE_STORAGEBLOB_CONNECTIONSTRING")
}

// newAzureStoreFromConnectionString opens loc's container with the account
// and endpoint a connection string names. Its messages never quote the
// string, which holds a key or a signature.
func newAzureStoreFromConnectionString(cs string, loc blobLocation, opts *container.ClientOptions) (*azureStore, error) {
	c, err := container.NewClientFromConnectionString(cs, loc.bucket, opts)
	if err != nil {
		return nil, fmt.Errorf("AZURE_STORAGE_CONNECTION_STRING: %w", err)
	}
	// Without a BlobEndpoint the string names an account; reading another
	// account's container of the same name would be a wrong table.
	if u, err := url.Parse(c.URL()); err == nil {
		if account, rest, ok := strings.Cut(u.Hostname(), "."); ok && strings.HasPrefix(rest, "blob.") && !strings.EqualFold(account, loc.account) {
			return nil, fmt.Errorf("AZURE_STORAGE_CONNECTION_STRING is for storage account %q, the table is in %q", account, loc.account)
		}
	}
	return &azureStore{client: c}, nil
}

func newAzureStoreWith(containerURL string, cred azcore.TokenCredential, opts *container.ClientOptions) (*azureStore, error) {
	c, err := container.NewClient(containerURL, cred, opts)
	if err != nil {
		return nil, err
	}
	return &azureStore{client: c}, nil
}

func (s *azureStore) list(ctx context.Context, prefix string) ([]Entry, error) {
	p := s.client.NewListBlobsHierarchyPager("/", &container.ListBlobsHierarchyOptions{Prefix: &prefix})
	var out []Entry
	for p.More() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, b := range page.Segment.BlobItems {
			if b.Name == nil {
				continue
			}
			var size int64
			if b.Properties != nil && b.Properties.ContentLength != nil {
				size = *b.Properties.ContentLength
			}
			out = append(out, Entry{Name: *b.Name, Size: size})
		}
	}
	return out, nil
}

func (s *azureStore) size(ctx context.Context, key string) (int64, error) {
	props, err := s.client.NewBlobClient(key).GetProperties(ctx, nil)
	if bloberror.HasCode(err, bloberror.BlobNotFound, bloberror.ResourceNotFound) {
		return 0, fs.ErrNotExist
	}
	if err != nil {
		return 0, err
	}
	if props.ContentLength == nil {
		return 0, nil
	}
	return *props.ContentLength, nil
}

func (s *azureStore) readRange(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	resp, err := s.client.NewBlobClient(key).DownloadStream(ctx, &blob.DownloadStreamOptions{
		Range: blob.HTTPRange{Offset: off, Count: n},
	})
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}
